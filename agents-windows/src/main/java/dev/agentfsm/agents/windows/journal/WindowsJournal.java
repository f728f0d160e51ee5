package dev.agentfsm.agents.windows.journal;

import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.screen.Screen;
import dev.agentfsm.journal.Journal;
import java.util.Objects;

/**
 * The Windows agents' devices through a session's {@link Journal}, as {@link Journal#driver} is for a
 * {@code DeviceDriver}: every typed call of a {@link DesktopDriver} (windows, screenshots, controls,
 * focus, click, typing, select, keys) and of a {@link Screen} (look, what lies at a point, click, type,
 * keys, scroll, drag, wait) is recorded in the current step with its result, and a resumed session gets
 * the recorded results back without reaching the device, so that nothing the HostAgent, its AppAgents or
 * its Operators did runs twice, also when the session resumes in another process.
 *
 * <pre>{@code
 * Journal journal = Journal.create(file);
 * HostAgent host = HostAgent.builder(WindowsJournal.desktop(journal, desktop), journal.llm(llm))
 *         .user(journal.user(UserChannel.suspending()))
 *         .operatorFor("report.html")
 *         .operatorScreen(WindowsJournal.screen(journal, browser.screen()))
 *         .build();
 * Session.of(HostAgentStateManager.instance(), host).config(config).recorder(journal).build().run(requests);
 * }</pre>
 *
 * <p>Wrap each device once: the desktop, and a screen the Operators get of their own
 * ({@code HostAgent.Builder.operatorScreen}, {@code OperatorAgent.builder(Screen, ...)}). The screen an
 * Operator makes of the desktop itself ({@code OperatorAgent.builder(DesktopDriver, ...)}, or a host
 * without {@code operatorScreen}) acts through the desktop, so the journaled desktop records it already.
 */
public final class WindowsJournal {
    private WindowsJournal() {}

    /** {@code desktop}, its typed calls recorded in {@code journal}'s current step and replayed on resume. */
    public static DesktopDriver desktop(Journal journal, DesktopDriver desktop) {
        return new JournaledDesktop(
                Objects.requireNonNull(journal, "journal"), Objects.requireNonNull(desktop, "desktop"));
    }

    /**
     * {@code screen}, its calls recorded in {@code journal}'s current step and replayed on resume. A
     * screen resolves its actions on its last look; after looks that were replayed, the first action that
     * reaches {@code screen} makes it look again first (not recorded: a look changes nothing on the
     * device), so that the action resolves on what the screen shows now.
     */
    public static Screen screen(Journal journal, Screen screen) {
        return new JournaledScreen(
                Objects.requireNonNull(journal, "journal"), Objects.requireNonNull(screen, "screen"));
    }
}
