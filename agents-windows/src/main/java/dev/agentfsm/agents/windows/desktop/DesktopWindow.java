package dev.agentfsm.agents.windows.desktop;

import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.internal.SafeText;
import java.util.Objects;

/**
 * A top-level application window on the desktop, as the HostAgent sees it.
 *
 * @param id the driver's handle for the window (a window handle, a UI Automation runtime id)
 * @param title the window title, e.g. {@code "Sales Report.docx - Word"}
 * @param appRoot the application's executable, e.g. {@code "WINWORD.EXE"}
 * @param processName the process that owns the window, e.g. {@code "WINWORD.EXE#4120"}
 * @param bounds where the window is on the screen
 */
public record DesktopWindow(String id, String title, String appRoot, String processName, Rect bounds) {
    /** How many characters of a title or an application's name prompts, questions and errors show. */
    static final int SHOWN_CHARS = 200;

    public DesktopWindow {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(appRoot, "appRoot");
        Objects.requireNonNull(processName, "processName");
        Objects.requireNonNull(bounds, "bounds");
    }

    /** The key under which a host keeps the AppAgent for this window's application: app root and process. */
    public String appKey() {
        return appRoot + "/" + processName;
    }

    /**
     * The title as prompts, questions and errors show it: the application wrote it (a web page sets its own),
     * so it is one line with control, bidi and invisible characters escaped, cut at {@value #SHOWN_CHARS}
     * characters; it can neither add a line to a list nor fill a prompt.
     */
    public String shownTitle() {
        return SafeText.line(title, SHOWN_CHARS);
    }

    /** The application's name as prompts, questions and errors show it, made safe as {@link #shownTitle()}. */
    public String shownApp() {
        return SafeText.line(appRoot, SHOWN_CHARS);
    }
}
