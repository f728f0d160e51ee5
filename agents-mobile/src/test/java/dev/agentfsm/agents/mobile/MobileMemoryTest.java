package dev.agentfsm.agents.mobile;

import static dev.agentfsm.agents.mobile.StandInAdb.shell;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.runtime.Blackboard;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.RuntimeConfig.ScreenshotMemory;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmClient;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MobileAgent's memory on the stand-in adb: each step's screenshots in its trajectory, within the
 * configured bounds, and FAIL's final screenshot, written to a directory or kept on the blackboard.
 */
class MobileMemoryTest {
    private static final String REQUEST = "open Settings and turn on Wi-Fi";
    private static final String GIVE_UP =
            """
            {"observation": "Settings is open, but this phone has no Wi-Fi settings I can find.",
             "thought": "I cannot do this.", "action": {"function": "", "arguments": {}, "status": "FAIL"},
             "plan": [], "result": ""}""";
    private static final String LAUNCH =
            """
            {"observation": "The home screen.", "thought": "Open Settings.",
             "action": {"function": "launch_app", "arguments": {"package_name": "com.android.settings"},
                        "status": "CONTINUE"}, "plan": [], "result": ""}""";

    @TempDir
    Path dir;

    private static byte[] standInScreen() throws IOException {
        try (InputStream in = MobileMemoryTest.class.getResourceAsStream("/adb-standin/standin/screen.png")) {
            return in.readAllBytes();
        }
    }

    private static RuntimeConfig config(ScreenshotMemory memory) {
        return RuntimeConfig.parse("maxStep: 10").toBuilder()
                .screenshots(memory)
                .build();
    }

    private MobileAgent agent(StandInAdb device, LlmClient llm, RuntimeConfig config) throws Exception {
        return MobileAgent.builder(device.connect(new MutableClock()), llm)
                .config(config)
                .build();
    }

    private static RoundResult round(MobileAgent agent) {
        return Round.of(MobileAgentStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, REQUEST))
                .build()
                .run();
    }

    @Test
    void eachStepKeepsTheScreenshotsTheLlmSaw() throws Exception {
        StandInAdb device = StandInAdb.install(dir);
        ReplayLlmClient llm = MobileAgentRoundTest.replay();
        MobileAgent agent = agent(device, llm, config(ScreenshotMemory.defaults()));

        RoundResult result = round(agent);

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        List<MobileStep> steps = agent.trajectory();
        assertEquals(List.of(1, 2, 3, 4), steps.stream().map(MobileStep::step).toList());
        assertEquals(
                List.of("launch_app", "click_control", "click_control", ""),
                steps.stream().map(MobileStep::action).toList());
        assertEquals(
                List.of(
                        MobileAgentStatus.CONTINUE,
                        MobileAgentStatus.CONTINUE,
                        MobileAgentStatus.CONTINUE,
                        MobileAgentStatus.FINISH),
                steps.stream().map(MobileStep::status).toList());
        assertEquals("launched com.android.settings", steps.get(0).result());
        for (int i = 0; i < steps.size(); i++) {
            List<Image> seen = llm.requests().get(i).messages().get(1).images();
            StepScreens screens = steps.get(i).screens().orElseThrow();
            assertArrayEquals(seen.get(0).data(), screens.screenshot(), "step " + (i + 1) + "'s screenshot");
            assertArrayEquals(seen.get(1).data(), screens.annotated(), "step " + (i + 1) + "'s annotated screenshot");
        }
        assertArrayEquals(standInScreen(), steps.get(0).screens().orElseThrow().screenshot());
    }

    @Test
    void onlyTheLastStepsKeepTheirScreenshotsWithinScreenshotsSteps() throws Exception {
        MobileAgent agent = agent(
                StandInAdb.install(dir),
                MobileAgentRoundTest.replay(),
                config(new ScreenshotMemory(2, ScreenshotMemory.defaults().maxBytes(), Optional.empty())));

        round(agent);

        assertEquals(
                List.of(false, false, true, true),
                agent.trajectory().stream()
                        .map(step -> step.screens().isPresent())
                        .toList(),
                "the two oldest steps gave up their screenshots; every step is still there");
        assertEquals("launch_app", agent.trajectory().get(0).action());
    }

    @Test
    void failWritesAFinalScreenshotUnderScreenshotsDirAndSaysWhere() throws Exception {
        StandInAdb device = StandInAdb.install(dir);
        Path shots = dir.resolve("shots");
        MobileAgent agent = agent(
                device,
                ReplayLlmClient.of(List.of(LAUNCH, GIVE_UP)),
                config(new ScreenshotMemory(10, ScreenshotMemory.defaults().maxBytes(), Optional.of(shots))));

        RoundResult result = round(agent);

        assertEquals(
                List.of("MobileAgent.CONTINUE", "MobileAgent.CONTINUE", "MobileAgent.FAIL", "MobileAgent.FINISH"),
                result.qualifiedPath());
        List<Path> written;
        try (Stream<Path> files = Files.list(shots)) {
            written = files.toList();
        }
        assertEquals(1, written.size(), written.toString());
        Path file = written.get(0);
        assertTrue(
                file.getFileName()
                        .toString()
                        .matches("MobileAgent_emulator-5554-fail-\\d{8}T\\d{6}\\.\\d{3}Z-step3\\.png"),
                file.toString());
        assertArrayEquals(standInScreen(), Files.readAllBytes(file), "the screen as the device showed it at FAIL");
        assertEquals(Optional.of("final screenshot written to " + file.toAbsolutePath()), agent.failureScreenshot());
        assertEquals(List.of(), agent.blackboard().screenshots(), "the file holds it; the blackboard does not");
        List<List<String>> calls = device.calls();
        assertEquals(
                shell("rm", "/sdcard/screen_temp.png"),
                calls.get(calls.size() - 1),
                "FAIL's screencap was the last call");
        assertEquals(shell("screencap", "-p", "/sdcard/screen_temp.png"), calls.get(calls.size() - 3));
    }

    @Test
    void withoutADirectoryTheFinalScreenshotGoesOnTheBlackboard() throws Exception {
        MobileAgent agent = agent(
                StandInAdb.install(dir), ReplayLlmClient.of(List.of(GIVE_UP)), config(ScreenshotMemory.defaults()));

        round(agent);

        List<Blackboard.Screenshot> kept = agent.blackboard().screenshots();
        assertEquals(1, kept.size());
        assertArrayEquals(standInScreen(), kept.get(0).png());
        assertEquals(
                "the screen when MobileAgent/emulator-5554 failed, at step 2",
                kept.get(0).description());
        assertEquals(Optional.of("final screenshot kept on the blackboard as screenshot_1"), agent.failureScreenshot());
    }

    @Test
    void aDirectoryThatCannotBeWrittenFallsBackToTheBlackboardAndSaysWhy() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("shots"), "a file where the directory should be");
        MobileAgent agent = agent(
                StandInAdb.install(dir),
                ReplayLlmClient.of(List.of(GIVE_UP)),
                config(new ScreenshotMemory(10, ScreenshotMemory.defaults().maxBytes(), Optional.of(notADirectory))));

        round(agent);

        assertEquals(1, agent.blackboard().screenshots().size());
        String where = agent.failureScreenshot().orElseThrow();
        assertTrue(
                where.startsWith("final screenshot kept on the blackboard as screenshot_1 (it could not be written"
                        + " under screenshots.dir " + notADirectory + ": java.nio.file.FileAlreadyExistsException"),
                where);
    }

    @Test
    void aDeviceThatIsGoneIsNotAskedForAFinalScreenshot() throws Exception {
        // call 15 is step 2's tap (see MobileAgentRoundTest): the device is gone from then on
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_DISCONNECT_AFTER", "14");
        MobileAgent agent = agent(device, MobileAgentRoundTest.replay(), config(ScreenshotMemory.defaults()));

        RoundResult result = round(agent);

        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals(15, device.calls().size(), "FAIL did not call adb again");
        assertEquals(
                Optional.of("no final screenshot: the device did not answer ("
                        + result.error().orElseThrow().getMessage() + ")"),
                agent.failureScreenshot());
        assertEquals(List.of(), agent.blackboard().screenshots());
        ArchivedSubtask subtask = result.subtasks().get(0);
        assertEquals(
                new ArchivedSubtask(
                        REQUEST,
                        MobileAgentStatus.FAIL,
                        result.error().orElseThrow().toString()),
                subtask,
                "FAIL archives nothing itself: the runtime archived the request's subtask with the error");
        assertEquals(1, result.subtasks().size(), "FAIL's clean-up in FINISH ends no second subtask");
    }

    @Test
    void aDeviceThatStopsAnsweringLeavesNoFinalScreenshotAndSaysWhy() throws Exception {
        // call 10 is step 2's screencap: from then on every call hangs
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_HANG_AFTER", "9");
        MobileDevice driver = device.driver()
                .serial(StandInAdb.SERIAL)
                .commandTimeout(StandInAdb.HANG_TIMEOUT)
                .connect();
        MobileAgent agent = MobileAgent.builder(driver, MobileAgentRoundTest.replay())
                .config(config(ScreenshotMemory.defaults()))
                .build();

        round(agent);

        String where = agent.failureScreenshot().orElseThrow();
        assertTrue(
                where.startsWith("no final screenshot: taking it failed: `")
                        && where.contains(
                                "did not finish within " + StandInAdb.HANG_TIMEOUT.toMillis() + " ms; killed it"),
                where);
    }

    @Test
    void aNewRoundStartsWithAnEmptyTrajectory() throws Exception {
        MobileAgent agent = agent(
                StandInAdb.install(dir), ReplayLlmClient.of(List.of(GIVE_UP)), config(ScreenshotMemory.defaults()));
        round(agent);
        assertEquals(1, agent.trajectory().size());

        agent.reset();

        assertEquals(List.of(), agent.trajectory());
        assertEquals(Optional.empty(), agent.failureScreenshot());
    }
}
