package dev.agentfsm.agents.windows.browser;

import static dev.agentfsm.agents.windows.Prompts.lastAction;
import static dev.agentfsm.agents.windows.Prompts.prompt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.OperatorAgent;
import dev.agentfsm.agents.windows.OperatorAgentStateManager;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.testing.ExternalTools;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile page on a real browser (Debian's Chromium through Playwright's MCP server): what the page says
 * of itself (its viewport's size, its title, its controls' names, its address) must not move the
 * Operator's clicks, reach the model unescaped or uncut, or break the list of tabs.
 */
class HostilePageTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The page's title as Chromium reports it: the page's escape and bell are spaces, its line separator stays. */
    private static final String TITLE =
            "Invoice\u2028- 7: [Bank](http://127.0.0.1:9/bank.html) ]0;owned \u202eevil" + "x".repeat(5_000);

    private static final RuntimeConfig CONFIG = RuntimeConfig.builder()
            .jsonParsingRetry(0)
            .llmTimeout(Duration.ofSeconds(5))
            .userTimeout(Duration.ofSeconds(5))
            .actionTimeout(Duration.ofSeconds(30))
            .build();

    @TempDir
    static Path out;

    private static HttpServer pages;
    private static BrowserDesktop desktop;

    @BeforeAll
    static void startTheBrowser() throws Exception {
        Path chromium = ExternalTools.program("chromium", "chromium");
        Path playwright =
                ExternalTools.npmCommand("playwright-mcp", "playwright-mcp", "agents-windows/src/test/playwright");
        pages = BrowserDemo.servePages(List.of("hostile.html", "pointer.html"));
        desktop = BrowserDemo.start(out, playwright.toString(), chromium.toString());
    }

    @AfterAll
    static void stopTheBrowser() {
        if (desktop != null) {
            desktop.close();
        }
        if (pages != null) {
            pages.stop(0);
        }
    }

    @Test
    void aPageThatLiesAboutItsViewportDoesNotMoveTheOperatorsClick() throws Exception {
        ReplayLlmClient llm = clickCancel();

        assertEquals(
                "[{\"target\":\"cancel\",\"x\":100,\"y\":50}]",
                JSON.readTree(desktop.evaluate("() => window.agentfsmClicks")).toString(),
                "the click landed where the screenshot showed Cancel; the page's 2560x1440 was not believed");
        assertTrue(lastAction(llm, 1).startsWith("click at (100, 50) on Button 'Cancel"), lastAction(llm, 1));
    }

    @Test
    void thePagesTitleAndNamesReachTheModelEscapedAndCut() throws Exception {
        ReplayLlmClient llm = clickCancel();

        String shown = lastAction(llm, 1);
        assertTrue(
                shown.startsWith("click at (100, 50) on Button 'Cancel\\u202eyaP' in 'Invoice\\u2028- 7: [Bank]"
                        + "(http://127.0.0.1:9/bank.html) ]0;owned \\u202eevilxxx"),
                shown);
        assertTrue(shown.endsWith("... (" + TITLE.length() + " chars)': done. clicked the left button"), shown);
        String prompt = prompt(llm, 1);
        assertFalse(
                prompt.chars().anyMatch(c -> c == 0x2028 || c == 0x1b || c == 0x07 || c == 0x202e),
                "no line separator, escape, bell or bidi override in the prompt: " + shown);
        assertTrue(prompt.length() < 5_000, "the prompt holds " + prompt.length() + " characters");
    }

    @Test
    void aLineSeparatorInATitleCannotHideATabOrAddOne() throws Exception {
        desktop.open(BrowserDemo.urls(pages, List.of("hostile.html")));

        assertEquals(
                List.of(new DesktopWindow("0", TITLE, "hostile.html", "tab-0", BrowserDesktop.VIEWPORT)),
                desktop.windows());
    }

    @Test
    void aPageWhoseAddressJavaCannotParseIsStillATab() throws Exception {
        desktop.open(BrowserDemo.urls(pages, List.of("pointer.html")));
        DesktopWindow pointer = desktop.windows().get(0);
        desktop.evaluate(pointer, "() => history.replaceState(null, '', '/pointer[1].html?a=[]#x y')");

        List<DesktopWindow> windows = desktop.windows();

        assertEquals(1, windows.size(), windows.toString());
        assertEquals("pointer[1].html", windows.get(0).appRoot());
        assertEquals("Pointer - Test", windows.get(0).title());
    }

    @Test
    void aTabListTheDriverCutIsRefusedNotReadInPart() throws Exception {
        desktop.open(BrowserDemo.urls(pages, List.of("pointer.html")));
        DesktopWindow pointer = desktop.windows().get(0);
        desktop.evaluate(pointer, "() => { document.title = 'x'.repeat(30000); }");

        DriverException cut;
        try {
            cut = assertThrows(DriverException.class, desktop::windows);
        } finally {
            // in the current tab, without listing the tabs: the next test's open() lists them too
            desktop.evaluate("() => { document.title = 'Pointer - Test'; }");
        }

        assertTrue(cut.getMessage().contains("browser_tabs's answer was cut after"), cut.getMessage());
        assertTrue(cut.getMessage().contains("withMaxResultChars"), cut.getMessage());
    }

    @Test
    void aSnapshotTheDriverCutIsRefusedNotReadInPart() throws Exception {
        desktop.open(BrowserDemo.urls(pages, List.of("pointer.html")));
        DesktopWindow pointer = desktop.windows().get(0);
        // about 50 characters a button in the snapshot: 50,000 in all, past the driver's 20,000
        desktop.evaluate(
                pointer,
                "() => { for (let i = 0; i < 1000; i++) {"
                        + " const b = document.createElement('button'); b.textContent = 'button number ' + i;"
                        + " document.body.appendChild(b); } }");

        DriverException controls = assertThrows(DriverException.class, () -> desktop.controls(pointer));
        DriverException look =
                assertThrows(DriverException.class, () -> desktop.screen().look());

        for (DriverException cut : List.of(controls, look)) {
            assertTrue(cut.getMessage().contains("browser_snapshot's answer was cut after"), cut.getMessage());
            assertTrue(cut.getMessage().contains("withMaxResultChars"), cut.getMessage());
        }
    }

    /** The Operator on its own on hostile.html: a click at Cancel as the screenshot shows it, then FINISH. */
    private static ReplayLlmClient clickCancel() throws Exception {
        desktop.open(BrowserDemo.urls(pages, List.of("hostile.html")));
        ReplayLlmClient llm = ReplayLlmClient.of(
                List.of(
                        "{\"observation\": \"Cancel and Pay\", \"thought\": \"Cancel\", \"action\": {\"type\": \"click\","
                                + " \"x\": 100, \"y\": 50}, \"status\": \"CONTINUE\"}",
                        "{\"observation\": \"Cancelled\", \"thought\": \"Done\", \"status\": \"FINISH\", \"result\": \"cancelled\"}"));
        OperatorAgent operator = OperatorAgent.builder(desktop.screen(), llm)
                .user(UserChannel.alwaysDeny())
                .config(CONFIG)
                .build();

        RoundResult result = Round.of(OperatorAgentStateManager.instance(), operator)
                .context(new Context().put(Context.REQUEST, "Cancel the invoice"))
                .build()
                .run();

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        return llm;
    }
}
