package dev.agentfsm.agents.windows.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.AppAgentStatus;
import dev.agentfsm.agents.windows.HostAgent;
import dev.agentfsm.agents.windows.HostAgentStateManager;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.testing.ExternalTools;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page an AppAgent works on goes away mid-round, on a real browser: its tab is closed (the sheet's tab
 * moves into its place), or Chromium ends (the server starts a new, empty one). Either is an AppAgent
 * error naming the tab, never an AppAgent acting on whatever page has the tab's index now.
 */
class BrowserWindowGoneTest {
    @TempDir
    Path out;

    private HttpServer pages;
    private BrowserDesktop desktop;
    private List<ProcessHandle> server;

    @BeforeEach
    void startTheBrowser() throws Exception {
        Path chromium = ExternalTools.program("chromium", "chromium");
        Path playwright =
                ExternalTools.npmCommand("playwright-mcp", "playwright-mcp", "agents-windows/src/test/playwright");
        pages = BrowserDemo.servePages(BrowserDemo.PAGES);
        Set<Long> before =
                ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
        desktop = BrowserDemo.start(out, playwright.toString(), chromium.toString());
        server = ProcessHandle.current()
                .children()
                .filter(p -> !before.contains(p.pid()))
                .toList();
        desktop.open(BrowserDemo.urls(pages, BrowserDemo.PAGES));
    }

    @AfterEach
    void stopTheBrowser() {
        if (desktop != null) {
            desktop.close();
        }
        if (pages != null) {
            pages.stop(0);
        }
    }

    /** UFO's scenario, with {@code goAway} run when the host has handed the report to its AppAgent. */
    private RoundResult runWith(Context context, Runnable goAway) throws Exception {
        ReplayLlmClient llm;
        try (InputStream in = BrowserDemo.class.getResourceAsStream(BrowserDemo.REPLAY)) {
            llm = ReplayLlmClient.load(in, BrowserDemo.REPLAY);
        }
        HostAgent host = HostAgent.builder(desktop, llm)
                .user(UserChannel.alwaysApprove())
                .config(RuntimeConfig.builder()
                        .jsonParsingRetry(0)
                        .actionTimeout(Duration.ofSeconds(30))
                        .build())
                .build();
        context.put(Context.REQUEST, BrowserDemo.REQUEST);
        TransitionListener handedOff = event -> {
            if (event.from().machine().name().equals("HostAgent")
                    && event.to().machine().name().equals("AppAgent")) {
                goAway.run();
            }
        };
        return Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .listener(handedOff)
                .build()
                .run();
    }

    private static void assertTheAppAgentFailedOnItsTab(RoundResult result, Context context, String because) {
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.ERROR",
                        "HostAgent.FINISH"),
                result.qualifiedPath(),
                result.reason());
        assertEquals(Outcome.ERROR, result.outcome());
        assertTrue(result.error().orElseThrow() instanceof DriverException, result.reason());
        String reason = result.error().get().getMessage();
        assertTrue(reason.contains("tab 0") && reason.contains(because), reason);
        assertEquals(1, context.previousSubtasks().size());
        assertEquals(AppAgentStatus.ERROR, context.previousSubtasks().get(0).status());
    }

    @Test
    void aClosedTabIsAnErrorNotTheNextTabsPage() throws Exception {
        Context context = new Context();
        RoundResult result = runWith(context, () -> {
            try {
                desktop.call("browser_tabs", Map.of("action", "close", "index", 0));
            } catch (DriverException e) {
                throw new AssertionError(e);
            }
        });

        assertTheAppAgentFailedOnItsTab(
                result, context, "shows book.html ('Book1 - Sheets') now, not report.html ('Sales Report - Docs')");
        assertEquals(
                "0",
                BrowserDesktop.result(desktop.evaluate(
                        desktop.windows().get(0),
                        "() => [...document.querySelectorAll('#sheet input')].filter(i => i.value).length")),
                "the sheet, now in tab 0, was not changed by the report's AppAgent");
    }

    @Test
    void aBrowserThatEndedIsAnErrorNotTheNewEmptyBrowser() throws Exception {
        Context context = new Context();
        RoundResult result = runWith(context, () -> {
            List<ProcessHandle> browsers = server.stream()
                    .flatMap(ProcessHandle::descendants)
                    .filter(p -> p.info().command().orElse("").contains("chrom"))
                    .toList();
            assertFalse(browsers.isEmpty(), "Chromium runs under the server " + server);
            browsers.forEach(ProcessHandle::destroyForcibly);
            for (ProcessHandle browser : browsers) {
                try {
                    browser.onExit().get(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new AssertionError("Chromium " + browser.pid() + " did not end", e);
                }
            }
        });

        assertTheAppAgentFailedOnItsTab(result, context, "report.html");
    }
}
