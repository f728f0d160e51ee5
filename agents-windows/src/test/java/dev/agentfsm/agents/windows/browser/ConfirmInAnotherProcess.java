package dev.agentfsm.agents.windows.browser;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.HostAgent;
import dev.agentfsm.agents.windows.HostAgentStateManager;
import dev.agentfsm.agents.windows.journal.WindowsJournal;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.Waiting;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One process of the browser CONFIRM scenario across JVMs ({@link BrowserConfirmAcrossJvmsTest} starts
 * it): its own Playwright MCP server and Chromium on the document server's pages, a HostAgent whose
 * Operator works in {@code report.html}, the desktop, the Operator's screen, the replayed model and the
 * user all through the session's journal.
 *
 * <pre>{@code
 * suspend JOURNAL BASE-URL OUT PLAYWRIGHT-MCP CHROMIUM REPLAY            -> exit 3, stopped at CONFIRM
 * resume  JOURNAL BASE-URL OUT PLAYWRIGHT-MCP CHROMIUM REPLAY DECISION   -> exit 0, the round completed
 * }</pre>
 *
 * It prints what the test checks as {@code key=value} lines: {@code outcome}, {@code waiting} (the
 * question), {@code modelRequests} (the requests this process's model got), {@code table} (whether the
 * page shows the table once its requests to the server settled), and, on resume, the times from the
 * JVM's start and from {@code resume} to the end of the answered step.
 */
final class ConfirmInAnotherProcess {
    static final String REQUEST = "Remove the sales table";
    /** The exit code of a round that stopped at its question. */
    static final int WAITING = 3;

    private static final RuntimeConfig CONFIG = RuntimeConfig.builder()
            .jsonParsingRetry(0)
            .llmTimeout(Duration.ofSeconds(5))
            .userTimeout(Duration.ofSeconds(5))
            .actionTimeout(Duration.ofSeconds(30))
            .build();

    private ConfirmInAnotherProcess() {}

    public static void main(String[] args) throws Exception {
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        boolean resume = args[0].equals("resume");
        Path file = Path.of(args[1]);
        URI base = URI.create(args[2]);
        Path out = Path.of(args[3]);
        ReplayLlmClient llm = replay(args[6]);
        Files.createDirectories(out);
        int exit;
        try (BrowserDesktop browser = BrowserDemo.start(out, args[4], args[5])) {
            browser.open(List.of(base.resolve("report.html"), base.resolve("book.html")));
            System.out.println("browserReadyMs=" + (System.currentTimeMillis() - jvmStart));
            RoundResult result;
            if (resume) {
                result = resume(file, browser, llm, Decision.valueOf(args[7]), jvmStart);
            } else {
                try (Journal journal = Journal.create(file)) {
                    result = Session.of(HostAgentStateManager.instance(), host(journal, browser, llm))
                            .config(CONFIG)
                            .recorder(journal)
                            .build()
                            .run(List.of(REQUEST))
                            .get(0);
                }
            }
            System.out.println("outcome=" + result.outcome());
            System.out.println("reason=" + result.reason().replace('\n', ' '));
            System.out.println("path=" + String.join(" ", result.qualifiedPath()));
            result.waiting().ifPresent(w -> System.out.println("waiting=" + w.prompt()));
            System.out.println("modelRequests=" + llm.requests().size());
            System.out.println("modelRepliesLeft=" + llm.remaining());
            // the page's requests to its server settle before the browser goes
            System.out.println(
                    "table="
                            + BrowserDesktop.result(
                                    browser.evaluate(
                                            browser.windows().get(0),
                                            "async () => { await window.agentfsmSaved; return document.getElementById('sales') !== null; }")));
            exit = result.suspended() ? WAITING : result.completed() ? 0 : 1;
        }
        System.out.flush();
        System.exit(exit);
    }

    private static RoundResult resume(
            Path file, BrowserDesktop browser, ReplayLlmClient llm, Decision decision, long jvmStart) throws Exception {
        try (Journal journal = Journal.open(file)) {
            Waiting waiting =
                    journal.waiting().orElseThrow(() -> new IllegalStateException(file + " waits for nothing"));
            System.out.println("waiting=" + waiting.prompt());
            journal.confirm(decision);
            System.out.println("recordedModelCalls=" + journal.recordedModelCalls());
            llm.skip(journal.recordedModelCalls());
            AtomicLong answered = new AtomicLong();
            AtomicLong answeredMillis = new AtomicLong();
            long resumed = System.nanoTime();
            RoundResult result = Session.of(HostAgentStateManager.instance(), host(journal, browser, llm))
                    .config(CONFIG)
                    .listener(event -> {
                        if (event.from().qualifiedName().equals(waiting.state()) && answered.get() == 0) {
                            answered.set(System.nanoTime());
                            answeredMillis.set(System.currentTimeMillis());
                        }
                    })
                    .build()
                    .resume(journal)
                    .get(0);
            long answeredAt = answered.get();
            if (answeredAt != 0) {
                long sinceResume = (answeredAt - resumed) / 1_000_000;
                System.out.println("resumeToAnsweredMs=" + sinceResume);
                System.out.println("jvmStartToAnsweredMs=" + (answeredMillis.get() - jvmStart));
            }
            return result;
        }
    }

    /** The host: its desktop, its Operators' screen, its model and its user through the journal. */
    private static HostAgent host(Journal journal, BrowserDesktop browser, ReplayLlmClient llm) {
        return HostAgent.builder(WindowsJournal.desktop(journal, browser), journal.llm(llm))
                .user(journal.user(UserChannel.suspending()))
                .config(CONFIG)
                .operatorFor("report.html")
                .operatorScreen(WindowsJournal.screen(journal, browser.screen()))
                .build();
    }

    private static ReplayLlmClient replay(String name) throws Exception {
        String resource = "/dev/agentfsm/agents/windows/replays/" + name.toLowerCase(Locale.ROOT) + ".yaml";
        try (InputStream in = ConfirmInAnotherProcess.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no replay " + resource);
            }
            return ReplayLlmClient.load(in, resource);
        }
    }
}
