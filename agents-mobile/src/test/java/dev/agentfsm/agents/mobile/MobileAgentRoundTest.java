package dev.agentfsm.agents.mobile;

import static dev.agentfsm.agents.mobile.StandInAdb.adb;
import static dev.agentfsm.agents.mobile.StandInAdb.shell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.kit.ScreenshotAnnotator;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole rounds of MobileAgent on the stand-in adb, with a replayed LLM. */
class MobileAgentRoundTest {
    private static final String REQUEST = "open Settings and turn on Wi-Fi";
    private static final List<String> PULL = adb("pull", "/sdcard/screen_temp.png", "<local file>");

    @TempDir
    Path dir;

    @Test
    void openSettingsAndTurnOnWifi() throws Exception {
        StandInAdb device = StandInAdb.install(dir);
        ReplayLlmClient llm = replay();
        AdbDriver driver = device.connect(new MutableClock());
        MobileAgent agent = MobileAgent.builder(driver, llm).build();

        RoundResult result = round(agent);

        assertTurnedOnWifi(result, llm);

        List<List<String>> observe = List.of(
                shell("screencap", "-p", "/sdcard/screen_temp.png"), PULL, shell("rm", "/sdcard/screen_temp.png"));
        List<List<String>> controls = List.of(
                shell("uiautomator", "dump", "/sdcard/window_dump.xml"), shell("cat", "/sdcard/window_dump.xml"));
        List<List<String>> expected = new ArrayList<>();
        expected.add(adb("get-state"));
        // step 1: launch Settings
        expected.addAll(observe);
        expected.add(shell("pm", "list", "packages", "-3"));
        expected.addAll(controls);
        expected.add(shell("pm", "list", "packages"));
        expected.add(shell("monkey", "-p", "com.android.settings", "-c", "android.intent.category.LAUNCHER", "1"));
        // steps 2 to 4: the Wi-Fi switch is control 7
        List<List<String>> observeAndRead = new ArrayList<>(observe);
        observeAndRead.addAll(controls);
        expected.addAll(wifiSteps(observeAndRead));
        assertEquals(expected, withoutLocalPaths(device.calls()));

        String lastPrompt = userText(llm, 3);
        assertTrue(
                lastPrompt.contains("7: Switch \"android.widget.Switch\" [905,477][1036,543]"
                        + " id=com.android.settings:id/switchWidget checked"),
                "the LLM saw the switch on:\n" + lastPrompt);
        assertTrue(userText(llm, 2).contains("id=com.android.settings:id/switchWidget unchecked"));
        assertTrue(lastPrompt.contains("Request: " + REQUEST), lastPrompt);
        assertTrue(lastPrompt.contains("Last action results: click_control: clicked control 7 Switch"), lastPrompt);
        assertTrue(lastPrompt.contains("Installed apps: com.example.notes, org.wikipedia"), lastPrompt);
        // every question offers the device's tools (a client with tool calling sends them as tool definitions)
        assertFalse(driver.tools().isEmpty());
        llm.requests().forEach(request -> assertEquals(driver.tools(), request.tools()));
        String system = llm.requests().get(0).messages().get(0).text();
        assertTrue(
                system.contains("- tap(x: x in pixels, y: y in pixels): Tap the screen at a point.\n"
                        + "- swipe(start_x: start x in pixels, start_y: start y in pixels, end_x: end x in pixels,"
                        + " end_y: end y in pixels, duration: milliseconds, 0 to 10000, default 300)"),
                system);
        ChatMessage user = llm.requests().get(0).messages().get(1);
        assertEquals(2, user.images().size(), "the screenshot and the annotated screenshot");
        assertSwitchLabelledInStep3(llm);
        List<Map<String, Object>> steps = agent.blackboard().trajectories();
        assertEquals(
                List.of("launch_app", "click_control", "click_control", ""),
                steps.stream().map(step -> step.get("action")).toList(),
                "one trajectory entry per step");
        assertEquals(
                List.of("CONTINUE", "CONTINUE", "CONTINUE", "FINISH"),
                steps.stream().map(step -> step.get("status")).toList());
        assertEquals("launched com.android.settings", steps.get(0).get("result"));
    }

    @Test
    void aDeviceThatDisconnectsMidRoundEndsItInFailWithTheReason() throws Exception {
        // call 15 is step 2's tap: get-state, then 8 calls in step 1, then 5 observing in step 2
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_DISCONNECT_AFTER", "14");
        MobileAgent agent = MobileAgent.builder(device.connect(new MutableClock()), replay())
                .build();

        RoundResult result = round(agent);

        assertEquals(
                List.of("MobileAgent.CONTINUE", "MobileAgent.CONTINUE", "MobileAgent.FAIL", "MobileAgent.FINISH"),
                result.qualifiedPath(),
                "onError took the round to FAIL, which cleaned up into FINISH");
        assertEquals(Outcome.ERROR, result.outcome(), "a failure is never reported as success");
        DeviceUnavailableException cause = assertInstanceOf(
                DeviceUnavailableException.class, result.error().orElseThrow());
        assertEquals(DeviceUnavailableException.Problem.NOT_FOUND, cause.problem());
        assertTrue(
                result.reason()
                        .startsWith("MobileAgent.CONTINUE failed with " + DeviceUnavailableException.class.getName()
                                + ": device emulator-5554 is not connected; it disconnected or the serial is wrong"),
                result.reason());
        assertTrue(result.reason().contains("moved to its onError state FAIL"), result.reason());
        assertEquals(
                shell("input", "tap", "360", "711"), device.calls().get(14), "the call that found the device gone");
        assertEquals(15, device.calls().size(), "nothing ran after it");
    }

    @Test
    void aHungDeviceEndsTheRoundInFailAtTheTimeOut() throws Exception {
        // call 10 is step 2's screencap
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_HANG_AFTER", "9");
        MobileDevice driver = device.driver()
                .serial(StandInAdb.SERIAL)
                .commandTimeout(StandInAdb.HANG_TIMEOUT)
                .connect();
        MobileAgent agent = MobileAgent.builder(driver, replay()).build();

        RoundResult result = round(agent); // ends by the time-out: the reason and the hung adb's end below say so

        assertEquals(
                List.of("MobileAgent.CONTINUE", "MobileAgent.CONTINUE", "MobileAgent.FAIL", "MobileAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(Outcome.ERROR, result.outcome());
        assertTrue(
                result.reason()
                        .contains("shell screencap -p /sdcard/screen_temp.png` did not finish within "
                                + StandInAdb.HANG_TIMEOUT.toMillis() + " ms; killed it"),
                result.reason());
        long sleeper = Long.parseLong(
                java.nio.file.Files.readString(device.stateDirectory().resolve("hang.pid"))
                        .strip());
        assertFalse(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive).orElse(false), "the hung adb is gone");
    }

    @Test
    void anArgumentTheModelSendsAsNullIsLeftOutNotAFailure() throws Exception {
        StandInAdb device = StandInAdb.install(dir);
        ReplayLlmClient llm = ReplayLlmClient.of(
                List.of(
                        """
                {"observation": "the home screen", "thought": "open Settings",
                 "action": {"function": "launch_app",
                            "arguments": {"package_name": "com.android.settings", "control_name": null},
                            "status": "FINISH"},
                 "plan": [], "result": "Settings is open."}"""));
        MobileAgent agent =
                MobileAgent.builder(device.connect(new MutableClock()), llm).build();

        RoundResult result = round(agent);

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of("MobileAgent.CONTINUE", "MobileAgent.FINISH"), result.qualifiedPath());
        Map<String, Object> step = agent.blackboard().trajectories().get(0);
        assertEquals("launched com.android.settings", step.get("result"));
        assertEquals(Map.of("package_name", "com.android.settings"), step.get("arguments"));
    }

    /** The path and outcome of the Wi-Fi round, whichever driver ran it. */
    static void assertTurnedOnWifi(RoundResult result, ReplayLlmClient llm) {
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "MobileAgent.CONTINUE",
                        "MobileAgent.CONTINUE",
                        "MobileAgent.CONTINUE",
                        "MobileAgent.CONTINUE",
                        "MobileAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(MobileAgentStatus.FINISH, result.finalStatus());
        assertEquals("Wi-Fi is on (connected to AndroidWifi).", result.result().orElseThrow());
        assertEquals(0, llm.remaining());
    }

    /**
     * Step 3 saw the network screen annotated: the switch's label box sits at its top-left corner
     * ([905,477]), over what the plain screenshot shows there.
     */
    static void assertSwitchLabelledInStep3(ReplayLlmClient llm) throws IOException {
        List<Image> seen = llm.requests().get(2).messages().get(1).images();
        BufferedImage plain = ImageIO.read(new ByteArrayInputStream(seen.get(0).data()));
        BufferedImage annotated =
                ImageIO.read(new ByteArrayInputStream(seen.get(1).data()));
        assertEquals(ScreenshotAnnotator.LABEL_BACKGROUND.getRGB(), annotated.getRGB(905 + 2, 477 + 2));
        assertNotEquals(plain.getRGB(905 + 2, 477 + 2), annotated.getRGB(905 + 2, 477 + 2));
    }

    static RoundResult round(MobileAgent agent) {
        return Round.of(MobileAgentStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, REQUEST))
                .config(RuntimeConfig.parse("maxStep: 10"))
                .build()
                .run();
    }

    /**
     * The device calls of steps 2 to 4 of the Wi-Fi round, through either driver, where
     * {@code observe} is what observing the screen calls: observe, then tap Network & internet
     * (control 6, the title [160,685][560,737] in the row [0,630][1080,850]); observe, then tap the
     * Wi-Fi switch ([905,477][1036,543]); observe, and finish.
     */
    static List<List<String>> wifiSteps(List<List<String>> observe) {
        List<List<String>> calls = new ArrayList<>(observe);
        calls.add(shell("input", "tap", "360", "711"));
        calls.addAll(observe);
        calls.add(shell("input", "tap", "970", "510"));
        calls.addAll(observe);
        return calls;
    }

    static ReplayLlmClient replay() throws Exception {
        return replay("open-settings-turn-on-wifi.yaml");
    }

    static ReplayLlmClient replay(String name) throws Exception {
        try (InputStream in = MobileAgentRoundTest.class.getResourceAsStream(name)) {
            return ReplayLlmClient.load(in, name);
        }
    }

    static String userText(ReplayLlmClient llm, int request) {
        return llm.requests().get(request).messages().stream()
                .filter(m -> m.role() == ChatMessage.Role.USER)
                .map(ChatMessage::text)
                .reduce((a, b) -> b)
                .orElseThrow();
    }

    static List<List<String>> withoutLocalPaths(List<List<String>> calls) {
        return calls.stream()
                .map(call -> call.size() == 5 && call.get(2).equals("pull")
                        ? List.of(call.get(0), call.get(1), call.get(2), call.get(3), "<local file>")
                        : call)
                .toList();
    }
}
