package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDesktop;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDocument;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedSheet;
import dev.agentfsm.agents.windows.journal.WindowsJournal;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.Waiting;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Windows agents through a journal ({@link WindowsJournal}) on the simulated desktop: each "process"
 * here is a new desktop, model, agent and journal, as a new JVM would have, and the counting devices
 * show which calls reached a device. A resumed round replays every desktop and screen call without
 * touching the device; the Operator's CONFIRM suspends, and a later process runs only the approved click.
 */
class JournaledWindowsAgentsTest {
    private static final RuntimeConfig CONFIG = Desk.config(true, false, 0);
    private static final String REQUEST = "Remove the sales table";
    private static final String DELETE = "click at (80, 64) on Button 'Delete Table' in 'Sales Report.docx - Word'";
    private static final List<String> CONFIRMED_PATH = List.of(
            "HostAgent.CONTINUE",
            "HostAgent.ASSIGN",
            "OperatorAgent.CONTINUE",
            "OperatorAgent.CONFIRM",
            "OperatorAgent.CONTINUE",
            "OperatorAgent.FINISH",
            "HostAgent.CONTINUE",
            "HostAgent.FINISH");

    /** One process: its own desktop (counted), model and host, every device and the model through the journal. */
    private static final class Process {
        final SimulatedDocument word = SimulatedDocument.salesReport();
        final CountingDevices.Desktop desktop =
                new CountingDevices.Desktop(SimulatedDesktop.of(word, SimulatedSheet.emptyBook()));
        final ReplayLlmClient llm;
        /** The Operator's screen of its own, when it has one; the desktop's otherwise. */
        final Optional<CountingDevices.CountingScreen> screen;

        final HostAgent host;

        /**
         * @param replay the model's replies
         * @param answered how many of them the journal answers already
         * @param screenOfItsOwn whether the Operator acts on a journaled screen of its own, on the desktop
         *     without the journal, rather than through the journaled desktop
         */
        Process(Journal journal, String replay, int answered, UserChannel user, boolean screenOfItsOwn) {
            llm = Desk.replay(replay).skip(answered);
            screen = screenOfItsOwn
                    ? Optional.of(new CountingDevices.CountingScreen(new DesktopScreen(desktop)))
                    : Optional.empty();
            HostAgent.Builder builder = HostAgent.builder(WindowsJournal.desktop(journal, desktop), journal.llm(llm))
                    .user(journal.user(user))
                    .config(CONFIG)
                    .operatorFor("WINWORD.EXE");
            screen.ifPresent(s -> builder.operatorScreen(WindowsJournal.screen(journal, s)));
            host = builder.build();
        }

        RoundResult run(Journal journal) {
            return Session.of(HostAgentStateManager.instance(), host)
                    .config(CONFIG)
                    .recorder(journal)
                    .build()
                    .run(List.of(REQUEST))
                    .get(0);
        }

        RoundResult resume(Journal journal) {
            return Session.of(HostAgentStateManager.instance(), host)
                    .config(CONFIG)
                    .build()
                    .resume(journal)
                    .get(0);
        }
    }

    @ParameterizedTest(name = "the Operator on a screen of its own: {0}")
    @ValueSource(booleans = {false, true})
    void aFinishedRoundResumedInAFreshAgentReplaysEveryDeviceCallWithoutTouchingTheDevice(
            boolean screenOfItsOwn, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("host.journal");
        RoundResult first;
        try (Journal journal = Journal.create(file)) {
            Process process =
                    new Process(journal, "operator-confirm-approved", 0, UserChannel.alwaysApprove(), screenOfItsOwn);
            first = process.run(journal);
            assertEquals(Outcome.COMPLETED, first.outcome(), first.reason());
            assertEquals(CONFIRMED_PATH, first.qualifiedPath());
            assertEquals(List.of(), process.word.table(), "the approved click deleted the table");
            assertTrue(process.desktop.calls.contains("click Sales Report.docx - Word: Delete Table"));
            assertTrue(process.desktop.calls.size() > 10, process.desktop.calls.toString());
            // CONTINUE looks and names the point; CONFIRM looks again and names it before asking; then the click
            process.screen.ifPresent(screen -> assertEquals(
                    List.of("look", "at (80, 64)", "look", "at (80, 64)", "click (80, 64) left", "at (80, 64)", "look"),
                    screen.calls));
        }

        try (Journal journal = Journal.open(file)) {
            assertEquals(4, journal.recordedModelCalls());
            Process process =
                    new Process(journal, "operator-confirm-approved", 4, UserChannel.alwaysDeny(), screenOfItsOwn);
            RoundResult again = process.resume(journal);

            assertEquals(first.qualifiedPath(), again.qualifiedPath());
            assertEquals(first.subtasks(), again.subtasks());
            assertEquals(List.of(), process.desktop.calls, "no desktop call reached the device");
            process.screen.ifPresent(screen -> assertEquals(List.of(), screen.calls, "no screen call either"));
            assertEquals(List.of(), process.llm.requests(), "no model call reached the model");
            assertEquals(5, process.word.table().size(), "this process's document was never touched");
            assertEquals(
                    List.of("Sales Report.docx - Word"),
                    process.host.operators().values().stream()
                            .map(operator -> operator.window().orElseThrow().title())
                            .toList(),
                    "the replay rebuilt the host's Operator for the window it chose");
        }
    }

    @Test
    void theOperatorStopsAtConfirmAndALaterProcessRunsOnlyTheApprovedClick(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("host.journal");
        try (Journal journal = Journal.create(file)) {
            Process process = new Process(journal, "operator-confirm-approved", 0, UserChannel.suspending(), false);
            RoundResult first = process.run(journal);
            assertEquals(Outcome.SUSPENDED, first.outcome(), first.reason());
            assertEquals(
                    new Waiting(Waiting.Kind.DECISION, DELETE, "OperatorAgent.CONFIRM", 1, 4),
                    first.waiting().orElseThrow());
            assertEquals(5, process.word.table().size(), "nothing was deleted before the user decided");
            assertFalse(process.desktop.calls.stream().anyMatch(call -> call.endsWith("Delete Table")));
            assertEquals(2, process.llm.requests().size());
        }

        try (Journal journal = Journal.open(file)) {
            journal.confirm(Decision.APPROVED);
            Process process = new Process(
                    journal,
                    "operator-confirm-approved",
                    journal.recordedModelCalls(),
                    UserChannel.alwaysDeny(),
                    false);
            RoundResult second = process.resume(journal);

            assertEquals(Outcome.COMPLETED, second.outcome(), second.reason());
            assertEquals(CONFIRMED_PATH, second.qualifiedPath());
            assertEquals(
                    "click Sales Report.docx - Word: Delete Table",
                    process.desktop.calls.get(0),
                    "the approved click is the first call that reaches the device: " + process.desktop.calls);
            assertEquals(
                    1,
                    process.desktop.calls.stream()
                            .filter(call -> call.endsWith("Delete Table"))
                            .count());
            assertEquals(List.of(), process.word.table(), "approved, the click ran");
            assertEquals(2, process.llm.requests().size(), "only the replies after CONFIRM were asked for");
            assertEquals(0, process.llm.remaining());
            assertTrue(
                    Prompts.lastAction(process.llm, 0).startsWith(DELETE + ": done."),
                    Prompts.lastAction(process.llm, 0));
        }
    }

    @Test
    void aRejectedClickNeverReachesTheDeviceOfTheLaterProcess(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("host.journal");
        try (Journal journal = Journal.create(file)) {
            Process process = new Process(journal, "operator-confirm-rejected", 0, UserChannel.suspending(), false);
            assertEquals(Outcome.SUSPENDED, process.run(journal).outcome());
        }
        try (Journal journal = Journal.open(file)) {
            journal.confirm(Decision.REJECTED);
            Process process = new Process(
                    journal,
                    "operator-confirm-rejected",
                    journal.recordedModelCalls(),
                    UserChannel.alwaysDeny(),
                    false);
            RoundResult second = process.resume(journal);

            assertEquals(Outcome.COMPLETED, second.outcome(), second.reason());
            assertFalse(
                    process.desktop.calls.stream().anyMatch(call -> call.endsWith("Delete Table")),
                    process.desktop.calls.toString());
            assertEquals(5, process.word.table().size(), "rejected, the table stays");
            assertEquals(0, process.llm.remaining());
            assertThrows(JournalException.class, () -> journal.confirm(Decision.APPROVED), "answered once");
        }
    }

    @Test
    void aScreenOfItsOwnLooksAgainBeforeTheFirstLiveActionAfterAResume(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("operator.journal");
        try (Journal journal = Journal.create(file)) {
            Process process = new Process(journal, "operator-confirm-approved", 0, UserChannel.suspending(), true);
            RoundResult first = process.run(journal);
            assertEquals(Outcome.SUSPENDED, first.outcome(), first.reason());
            assertEquals(DELETE, first.waiting().orElseThrow().prompt(), "the screen said what lies at the point");
            assertEquals(
                    List.of("look", "at (80, 64)", "look", "at (80, 64)"),
                    process.screen.orElseThrow().calls,
                    "CONFIRM looked again before it asked");
        }

        try (Journal journal = Journal.open(file)) {
            journal.confirm(Decision.APPROVED);
            Process process = new Process(
                    journal, "operator-confirm-approved", journal.recordedModelCalls(), UserChannel.alwaysDeny(), true);
            RoundResult second = process.resume(journal);

            assertEquals(Outcome.COMPLETED, second.outcome(), second.reason());
            assertEquals(CONFIRMED_PATH, second.qualifiedPath());
            assertEquals(
                    List.of("look", "click (80, 64) left", "at (80, 64)"),
                    process.screen.orElseThrow().calls.subList(0, 3),
                    "the fresh screen looked (unrecorded) before the approved click, then said what it clicked");
            assertEquals(List.of(), process.word.table(), "the click resolved on the Delete Table button");
            assertTrue(
                    Prompts.lastAction(process.llm, 0).startsWith(DELETE + ": done."),
                    Prompts.lastAction(process.llm, 0));
        }
    }
}
