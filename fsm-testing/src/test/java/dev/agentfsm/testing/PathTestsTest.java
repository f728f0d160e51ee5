package dev.agentfsm.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import dev.agentfsm.testing.shop.ClerkStateManager;
import dev.agentfsm.testing.shop.ClerkStatus;
import dev.agentfsm.testing.shop.Kiosk;
import dev.agentfsm.testing.shop.KioskStateManager;
import dev.agentfsm.testing.shop.KioskStatus;
import dev.agentfsm.testing.shop.LedgerStateManager;
import dev.agentfsm.testing.shop.PackerStateManager;
import dev.agentfsm.testing.shop.PackerStatus;
import dev.agentfsm.testing.shop.Shop.Clerk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The dynamic tests PathTests makes, run on the Shop's machines: as a user runs them, and executed one by one. */
class PathTestsTest {
    @TempDir
    Path reports;

    private static String reply(String status) {
        return "{\"status\": \"" + status + "\"}";
    }

    /** The Clerk's tests with a script for every state whose work needs one. */
    private PathTests<Clerk> clerk() {
        return shop(ClerkStateManager.instance());
    }

    /** Tests of one of the Shop's machines, with a script for every state whose work needs one. */
    private PathTests<Clerk> shop(StateManager<?, ?> machine) {
        return shop(machine, 0);
    }

    /** Tests of one of the Shop's machines, whose clerk's guard re-asks up to {@code reasks} times. */
    private PathTests<Clerk> shop(StateManager<?, ?> machine, int reasks) {
        return PathTests.of(machine, (path, script) -> new Clerk(script.llm(), script.user(), reasks))
                .on(ClerkStatus.TAKE, (clerk, step, script) -> {
                    if (step.entersOnError()) {
                        script.llmFails("the model is down");
                    } else {
                        script.reply(reply(step.to().name()));
                    }
                })
                .on(
                        ClerkStatus.CONFIRM,
                        (clerk, step, script) ->
                                script.decide(step.to() == ClerkStatus.TAKE ? Decision.APPROVED : Decision.REJECTED))
                .on(
                        PackerStatus.PACK,
                        (clerk, step, script) -> script.reply(
                                step.entersFallback()
                                        ? "{\"status\": \"PACK\", \"after\": \"LOST\"}"
                                        : reply(step.to().name())))
                .reportTo(reports);
    }

    private static RoundResult clerkRound(Clerk clerk) {
        return Round.of(ClerkStateManager.instance(), clerk)
                .context(new Context())
                .build()
                .run();
    }

    @TestFactory
    Stream<DynamicTest> everyTransitionOfTheClerk() {
        return clerk().tests(PathTestsTest::clerkRound);
    }

    @TestFactory
    Stream<DynamicTest> everyTransitionOfThePackerStartingInThePacker() {
        return shop(PackerStateManager.instance()).tests(clerk -> Round.of(PackerStateManager.instance(), clerk.packer)
                .build()
                .run());
    }

    @Test
    void oneTestPerPathThenTheCoverageWhichIsWrittenToTheReport() throws Throwable {
        List<DynamicTest> tests = clerk().tests(PathTestsTest::clerkRound).toList();

        assertEquals(
                List.of(
                        "path 1 of 5: TAKE -> TAKE -> DONE",
                        "path 2 of 5: TAKE -> CONFIRM -> CANCELLED -> DONE",
                        "path 3 of 5: TAKE -> DELEGATE -> Packer.PACK -> Packer.SHIPPED -> DONE",
                        "path 4 of 5: TAKE -> FAILED -> DONE",
                        "path 5 of 5: TAKE -> CONFIRM -> TAKE -> DONE",
                        "transition coverage of Clerk"),
                tests.stream().map(DynamicTest::getDisplayName).toList());
        for (DynamicTest test : tests) {
            test.getExecutable().execute();
        }
        String report = Files.readString(reports.resolve("dev.agentfsm.testing.shop.Clerk.txt"));
        assertTrue(
                report.startsWith("Clerk: 10 of 10 declared transitions taken (100%)\n"
                        + "taken      TAKE -> TAKE (LLM)\n"
                        + "taken      TAKE -> CONFIRM (LLM)\n"),
                report);
        assertTrue(report.contains("taken      DELEGATE -> Packer.PACK (SYSTEM)\n"), report);
    }

    @Test
    void aReportThatCannotBeWrittenFailsTheCoverageTestNamingWhereAndWhy() throws Throwable {
        Path file = Files.writeString(reports.resolve("a-file"), "not a directory");
        List<DynamicTest> tests = clerk().reportTo(file.resolve("coverage"))
                .tests(PathTestsTest::clerkRound)
                .toList();

        IOException e = assertThrows(
                IOException.class,
                () -> tests.get(tests.size() - 1).getExecutable().execute());

        String message = e.getMessage();
        assertTrue(
                message.startsWith("could not write the transition coverage report of Clerk to "
                        + file.resolve("coverage")
                                .resolve("dev.agentfsm.testing.shop.Clerk.txt")
                                .toAbsolutePath()
                        + " (java.nio.file."),
                message);
        assertTrue(
                message.endsWith("): Clerk: 0 of 10 declared transitions taken (0%); make the directory writable or"
                        + " write elsewhere (PathTests.reportTo, -Dagentfsm.coverage.dir)"),
                message);
    }

    @Test
    void theCoverageTestFailsNamingTheMovesNoRoundTook() throws Throwable {
        List<DynamicTest> tests = clerk().tests(PathTestsTest::clerkRound).toList();
        tests.get(0).getExecutable().execute(); // TAKE -> TAKE -> DONE only

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class,
                () -> tests.get(tests.size() - 1).getExecutable().execute());

        assertEquals(
                "Clerk: 2 of 10 declared transitions taken (20%); not taken: TAKE -> CONFIRM (LLM),"
                        + " TAKE -> DELEGATE (LLM), TAKE -> FAILED (SYSTEM), CONFIRM -> TAKE (USER),"
                        + " CONFIRM -> CANCELLED (USER), DELEGATE -> Packer.PACK (SYSTEM), FAILED -> DONE (SYSTEM),"
                        + " CANCELLED -> DONE (SYSTEM) (report: "
                        + reports.resolve("dev.agentfsm.testing.shop.Clerk.txt") + ")",
                e.getMessage());
        assertTrue(Files.readString(reports.resolve("dev.agentfsm.testing.shop.Clerk.txt"))
                .contains("NOT taken  TAKE -> CONFIRM (LLM)\n"));
    }

    @Test
    void reportOnlyWritesTheReportWithoutFailing() throws Throwable {
        List<DynamicTest> tests =
                clerk().reportOnly().tests(PathTestsTest::clerkRound).toList();

        tests.get(tests.size() - 1).getExecutable().execute();

        assertTrue(Files.readString(reports.resolve("dev.agentfsm.testing.shop.Clerk.txt"))
                .startsWith("Clerk: 0 of 10 declared transitions taken (0%)\n"));
    }

    @Test
    void aMoveNoRoundCanTakeIsNamedInTheFailure() throws Throwable {
        List<DynamicTest> tests = PathTests.of(LedgerStateManager.instance(), (path, script) -> new Object())
                .reportTo(reports)
                .tests(keeper -> Round.of(LedgerStateManager.instance(), new dev.agentfsm.testing.shop.Ledger.Keeper())
                        .build()
                        .run())
                .toList();
        tests.get(0).getExecutable().execute();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(1).getExecutable().execute());

        assertTrue(
                e.getMessage()
                        .startsWith(
                                "Ledger: 1 of 2 declared transitions taken (50%); not taken:"
                                        + " CLOSED -> ARCHIVED (SYSTEM). No round from the initial state can take CLOSED -> ARCHIVED (SYSTEM)"),
                e.getMessage());
    }

    @Test
    void aRoundThatLeavesThePlannedPathFailsWithBothPathsAndTheReason() {
        // the model answers DONE where the path wants TAKE again
        List<DynamicTest> tests = PathTests.of(
                        ClerkStateManager.instance(), (path, script) -> new Clerk(script.llm(), script.user()))
                .on(ClerkStatus.TAKE, (clerk, step, script) -> script.reply(reply("DONE")))
                .reportTo(reports)
                .tests(PathTestsTest::clerkRound)
                .toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(0).getExecutable().execute());

        assertEquals(
                "path 1 of Clerk: the round took TAKE -> DONE, not the planned TAKE -> TAKE -> DONE; it ended"
                        + " COMPLETED: Clerk reached DONE, which ends the round, after 2 steps",
                e.getMessage());
        assertEquals("TAKE -> TAKE -> DONE", e.getExpected().getValue());
        assertEquals("TAKE -> DONE", e.getActual().getValue());
    }

    @Test
    void aStateWithoutTheScriptItNeedsIsNamedInTheFailure() {
        List<DynamicTest> tests = PathTests.of(
                        ClerkStateManager.instance(), (path, script) -> new Clerk(script.llm(), script.user()))
                .reportTo(reports)
                .tests(PathTestsTest::clerkRound)
                .toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(0).getExecutable().execute());

        assertTrue(
                e.getMessage()
                        .contains("the path's script has no LLM reply left for request 1; script one with"
                                + " script.reply(...) in the script of the state that asks"),
                e.getMessage());
        assertTrue(
                e.getMessage()
                        .endsWith(
                                "No script was given for the state of TAKE -> TAKE (LLM), TAKE -> DONE (LLM),"
                                        + " whose move the state's work decides from its model or user: add .on(<that status>, ...)"),
                e.getMessage());
    }

    @Test
    void aScriptThatKeepsWhatTheRoundNeverAskedForFails() {
        List<DynamicTest> tests = clerk().on(ClerkStatus.DONE, (clerk, step, script) -> {})
                .on(ClerkStatus.FAILED, (clerk, step, script) -> script.reply(reply("DONE"))
                        .decide(Decision.APPROVED))
                .tests(PathTestsTest::clerkRound)
                .toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(3).getExecutable().execute());

        assertEquals(
                "path 4 of Clerk took the planned path, but its script kept 1 LLM call, 1 decision that the round"
                        + " never asked for; a state's script should add only what its step uses",
                e.getMessage());
    }

    @Test
    void anUnexpectedOutcomeOnThePlannedPathFails() {
        // the step limit stops the round in TAKE, after one step of the planned TAKE -> TAKE -> DONE
        List<DynamicTest> tests = clerk().tests(clerk -> Round.of(ClerkStateManager.instance(), clerk)
                        .config(dev.agentfsm.runtime.RuntimeConfig.parse("maxStep: 1"))
                        .build()
                        .run())
                .toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(0).getExecutable().execute());

        assertTrue(
                e.getMessage()
                        .startsWith("path 1 of Clerk: the round took TAKE, not the planned TAKE -> TAKE -> DONE;"
                                + " it ended STEP_LIMIT"),
                e.getMessage());
    }

    @Test
    void aStateGetsOneScript() {
        PathTests<Clerk> tests = clerk();

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> tests.on(ClerkStatus.TAKE, (clerk, step, script) -> {}));

        assertEquals(
                "Clerk.TAKE has a script already; give each state one script and let it read the step", e.getMessage());
    }

    /** The Clerk's tests with a malformed reply re-asked at TAKE and a tool error into onError at TAKE. */
    private PathTests<Clerk> clerkWithFaults(int reasks) {
        return shop(ClerkStateManager.instance(), reasks)
                .fault(Fault.MALFORMED_REPLY, ClerkStatus.TAKE, (clerk, step, script) -> script.reply("{\"status\":"))
                .fault(
                        Fault.TOOL_ERROR,
                        ClerkStatus.TAKE,
                        (clerk, step, script) -> script.llmFails("the order service answered 503"));
    }

    @Test
    void faultTestsComeAfterThePathsEachOnThePathItBreaksAndPass() throws Throwable {
        List<DynamicTest> tests =
                clerkWithFaults(1).tests(PathTestsTest::clerkRound).toList();

        assertEquals(
                List.of(
                        "fault MALFORMED_REPLY at TAKE (re-asked)",
                        "fault TOOL_ERROR at TAKE -> FAILED",
                        "transition coverage of Clerk"),
                tests.subList(5, 8).stream().map(DynamicTest::getDisplayName).toList());
        for (DynamicTest test : tests) {
            test.getExecutable().execute();
        }
    }

    @Test
    void aReaskedFaultFailsWhenTheGuardDoesNotReask() {
        List<DynamicTest> tests =
                clerkWithFaults(0).tests(PathTestsTest::clerkRound).toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(5).getExecutable().execute());

        assertTrue(
                e.getMessage()
                        .startsWith("fault MALFORMED_REPLY at TAKE (re-asked) on TAKE -> TAKE -> DONE: the round took"
                                + " TAKE, not the planned TAKE -> TAKE -> DONE"),
                e.getMessage());
        assertTrue(e.getMessage().contains("rejected after 0 re-asks"), e.getMessage());
    }

    @Test
    void aFaultNoPlannedPathCanTakeFailsNamingTheMove() {
        List<DynamicTest> tests = clerk().fault(Fault.NO_ANSWER, ClerkStatus.CONFIRM, ClerkStatus.DONE, (c, s, x) -> {})
                .tests(PathTestsTest::clerkRound)
                .toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(5).getExecutable().execute());

        assertEquals(
                "fault NO_ANSWER at CONFIRM -> DONE: no path of Clerk takes Clerk.CONFIRM -> Clerk.DONE;"
                        + " declare the move the fault leads to, or inject it at a state a path leaves",
                e.getMessage());
    }

    @Test
    void aFaultIntoOnErrorThatNoCoveragePathTakesGetsAPathOfItsOwn() throws Throwable {
        // CONFIRM declares no move into FAILED, so no coverage path enters onError from there
        List<DynamicTest> tests = clerk().fault(
                        Fault.NO_ANSWER,
                        ClerkStatus.CONFIRM,
                        (clerk, step, script) -> script.decide(Decision.APPROVED, () -> {
                            throw new IllegalStateException("the user's terminal closed");
                        }))
                .tests(PathTestsTest::clerkRound)
                .toList();

        assertEquals("fault NO_ANSWER at CONFIRM -> FAILED", tests.get(5).getDisplayName());
        for (DynamicTest test : tests) {
            test.getExecutable().execute();
        }
        String report = Files.readString(reports.resolve("dev.agentfsm.testing.shop.Clerk.txt"));
        assertTrue(report.contains("10 of 10"), report);
    }

    @Test
    void aFaultNotReaskedNeedsAnOnErrorStateOrANamedOutcome() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> shop(PackerStateManager.instance())
                        .fault(Fault.DEVICE_GONE, PackerStatus.PACK, (c, s, x) -> {}));

        assertEquals(
                "DEVICE_GONE at Packer.PACK is not re-asked and Packer has no onError state to lead into; name the"
                        + " state the machine moves to with fault(DEVICE_GONE, PACK, <outcome>, ...)",
                e.getMessage());
    }

    @Test
    void aFaultIntoOnErrorWhoseInjectScriptsNothingFailsInsteadOfPassingOnAnEmptyScript() {
        // the inject fails nothing: TAKE's work only throws because the script has no reply for it
        List<DynamicTest> tests = clerk().fault(Fault.TOOL_ERROR, ClerkStatus.TAKE, (clerk, step, script) -> {})
                .tests(PathTestsTest::clerkRound)
                .toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(5).getExecutable().execute());

        assertEquals(
                "fault TOOL_ERROR at TAKE -> FAILED on TAKE -> FAILED -> DONE took the planned path only because its"
                        + " script ran out: the path's script has no LLM reply left for request 1; script one with"
                        + " script.reply(...) in the script of the state that asks. A state's work that fails for want"
                        + " of a script proves nothing: script the failure (script.llmFails(...), a device that"
                        + " throws) or the reply",
                e.getMessage());
    }

    @Test
    void aPathIntoOnErrorThatOnlyRunsOutOfScriptFails() {
        List<DynamicTest> tests = PathTests.of(
                        ClerkStateManager.instance(), (path, script) -> new Clerk(script.llm(), script.user()))
                .on(ClerkStatus.TAKE, (clerk, step, script) -> {
                    if (!step.entersOnError()) {
                        script.reply(reply(step.to().name()));
                    }
                })
                .reportTo(reports)
                .tests(PathTestsTest::clerkRound)
                .toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(3).getExecutable().execute());

        assertTrue(
                e.getMessage().startsWith("path 4 of Clerk took the planned path only because its script ran out"),
                e.getMessage());
    }

    @Test
    void aReaskedFaultWhoseInjectScriptsNoReplyFails() {
        List<DynamicTest> tests = shop(ClerkStateManager.instance(), 1)
                .fault(Fault.MALFORMED_REPLY, ClerkStatus.TAKE, (clerk, step, script) -> {})
                .tests(PathTestsTest::clerkRound)
                .toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(5).getExecutable().execute());

        assertEquals(
                "fault MALFORMED_REPLY at TAKE (re-asked) on TAKE -> TAKE -> DONE: its inject scripted no LLM reply,"
                        + " so there was nothing for the reply guard to re-ask; script the bad reply with"
                        + " script.reply(...)",
                e.getMessage());
    }

    @Test
    void aPathWhoseTestFailedCountsNothingTowardsTheCoverage() throws Throwable {
        // path 4, TAKE -> FAILED -> DONE, is taken but its test fails: its script keeps a decision
        List<DynamicTest> tests = clerk().on(
                        ClerkStatus.FAILED, (clerk, step, script) -> script.decide(Decision.APPROVED))
                .reportOnly()
                .tests(PathTestsTest::clerkRound)
                .toList();
        assertThrows(
                AssertionFailedError.class, () -> tests.get(3).getExecutable().execute());

        tests.get(tests.size() - 1).getExecutable().execute();

        String report = Files.readString(reports.resolve("dev.agentfsm.testing.shop.Clerk.txt"));
        assertTrue(report.startsWith("Clerk: 0 of 10 declared transitions taken (0%)\n"), report);
        assertTrue(report.contains("NOT taken  TAKE -> FAILED (SYSTEM)\n"), report);
    }

    @Test
    void aFaultRoundCountsNothingTowardsTheCoverage() throws Throwable {
        // the model never chooses BROKEN, so path 2's test fails; the DEVICE_GONE round enters BROKEN by the
        // runtime's own move, which is not the declared ASK -> BROKEN (LLM) though its statuses are the same
        List<DynamicTest> tests = PathTests.of(
                        KioskStateManager.instance(), (path, script) -> new Kiosk.Clerk(script.llm()))
                .on(KioskStatus.ASK, (clerk, step, script) -> script.reply(reply("SERVED")))
                .fault(
                        Fault.DEVICE_GONE,
                        KioskStatus.ASK,
                        (clerk, step, script) -> script.llmFails("the kiosk's screen went dark"))
                .reportTo(reports)
                .tests(clerk ->
                        Round.of(KioskStateManager.instance(), clerk).build().run())
                .toList();
        assertEquals(
                List.of(
                        "path 1 of 2: ASK -> SERVED",
                        "path 2 of 2: ASK -> BROKEN",
                        "fault DEVICE_GONE at ASK -> BROKEN",
                        "transition coverage of Kiosk"),
                tests.stream().map(DynamicTest::getDisplayName).toList());
        tests.get(0).getExecutable().execute();
        assertThrows(
                AssertionFailedError.class, () -> tests.get(1).getExecutable().execute());
        tests.get(2).getExecutable().execute();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(3).getExecutable().execute());

        assertTrue(
                e.getMessage()
                        .startsWith("Kiosk: 1 of 2 declared transitions taken (50%); not taken: ASK -> BROKEN (LLM)"),
                e.getMessage());
    }

    @Test
    void aNoAnswerFaultWhoseInjectLeavesNothingUnansweredFails() {
        // a rejection also moves CONFIRM to CANCELLED, but it is an answer, not the user's silence
        List<DynamicTest> tests = clerk().fault(
                        Fault.NO_ANSWER,
                        ClerkStatus.CONFIRM,
                        ClerkStatus.CANCELLED,
                        (clerk, step, script) -> script.decide(Decision.REJECTED))
                .tests(PathTestsTest::clerkRound)
                .toList();

        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> tests.get(5).getExecutable().execute());

        assertEquals(
                "fault NO_ANSWER at CONFIRM -> CANCELLED on TAKE -> CONFIRM -> CANCELLED -> DONE: its inject left no"
                        + " question or confirmation unanswered; script the user's silence with script.noAnswer()"
                        + " or script.decide(Decision.TIMED_OUT)",
                e.getMessage());
    }

    @Test
    void aNoAnswerFaultThatTimesTheConfirmationOutPasses() throws Throwable {
        List<DynamicTest> tests = clerk().fault(
                        Fault.NO_ANSWER,
                        ClerkStatus.CONFIRM,
                        ClerkStatus.CANCELLED,
                        (clerk, step, script) -> script.decide(Decision.TIMED_OUT))
                .tests(PathTestsTest::clerkRound)
                .toList();

        tests.get(5).getExecutable().execute();
    }
}
