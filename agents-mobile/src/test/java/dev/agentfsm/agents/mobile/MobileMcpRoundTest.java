package dev.agentfsm.agents.mobile;

import static dev.agentfsm.agents.mobile.MobileAgentRoundTest.assertSwitchLabelledInStep3;
import static dev.agentfsm.agents.mobile.MobileAgentRoundTest.assertTurnedOnWifi;
import static dev.agentfsm.agents.mobile.MobileAgentRoundTest.round;
import static dev.agentfsm.agents.mobile.MobileAgentRoundTest.userText;
import static dev.agentfsm.agents.mobile.StandInAdb.adb;
import static dev.agentfsm.agents.mobile.StandInAdb.shell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.testing.ExternalTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole rounds of MobileAgent driven through {@code @mobilenext/mobile-mcp} (pinned by
 * {@code src/test/mobile-mcp/package-lock.json}, installed in {@code .tools/mobile-mcp}) on the stand-in
 * adb, with a replayed LLM: the Wi-Fi round of {@link MobileAgentRoundTest} with the same path and
 * outcome, and a server that exits or a device that disconnects mid-round ending it in FAIL.
 */
class MobileMcpRoundTest {
    private static final String WIFI = "open-settings-turn-on-wifi-mobile-mcp.yaml";

    @TempDir
    Path dir;

    private Path server;

    @BeforeEach
    void findServer() {
        server = ExternalTools.npmCommand("mobile-mcp", "mcp-server-mobile", "agents-mobile/src/test/mobile-mcp");
    }

    @Test
    void openSettingsAndTurnOnWifiThroughMobileMcp() throws Exception {
        StandInAdb device = StandInAdb.install(dir);
        ReplayLlmClient llm = MobileAgentRoundTest.replay(WIFI);
        RoundResult result;
        MobileAgent agent;
        try (MobileDevice phone =
                device.mobileMcp(List.of(server.toString()), new MutableClock()).connect()) {
            MobileMcpDriver mcp = assertInstanceOf(MobileMcpDriver.class, phone);
            assertTrue(mcp.serverName().startsWith("mobile-mcp 1.0.4"), mcp.serverName());
            assertEquals("mobile-mcp:emulator-5554", phone.name());
            agent = MobileAgent.builder(phone, llm).build();

            result = round(agent);
        }

        assertTurnedOnWifi(result, llm);

        List<List<String>> screenshot = List.of(
                shell("dumpsys", "SurfaceFlinger", "--display-id"),
                adb("exec-out", "screencap", "-p"),
                shell("wm", "size"),
                shell("wm", "density"));
        List<List<String>> elements = List.of(adb("exec-out", "uiautomator", "dump", "/dev/tty"));
        List<List<String>> expected = new ArrayList<>();
        // connect: mobile_list_available_devices
        expected.addAll(List.of(
                List.of("devices"),
                shell("pm", "list", "features"),
                shell("getprop", "ro.build.version.release"),
                shell("getprop", "ro.boot.qemu.avd_name")));
        // step 1: mobile-mcp finds the device for its first call on it, then the screenshot, the apps,
        // the elements; launch Settings
        expected.addAll(List.of(List.of("devices"), shell("pm", "list", "features")));
        expected.addAll(screenshot);
        expected.add(shell(
                "cmd",
                "package",
                "query-activities",
                "-a",
                "android.intent.action.MAIN",
                "-c",
                "android.intent.category.LAUNCHER"));
        expected.addAll(elements);
        expected.add(shell("monkey", "-p", "com.android.settings", "-c", "android.intent.category.LAUNCHER", "1"));
        // steps 2 to 4, the same taps as with adb: the Wi-Fi switch is control 9
        List<List<String>> observe = new ArrayList<>(screenshot);
        observe.addAll(elements);
        expected.addAll(MobileAgentRoundTest.wifiSteps(observe));
        assertEquals(expected, device.calls());

        assertTrue(userText(llm, 0).contains("Installed apps: com.android.chrome, com.android.settings"));
        String third = userText(llm, 2);
        assertTrue(
                third.contains("9: Switch \"android.widget.Switch\" [905,477][1036,543]"
                        + " id=com.android.settings:id/switchWidget\n"),
                "the LLM saw the switch as control 9:\n" + third);
        assertTrue(third.contains("7: TextView \"Off\" [160,507][760,565] id=android:id/summary"), third);
        assertTrue(
                userText(llm, 3).contains("7: TextView \"AndroidWifi\" [160,507][760,565] id=android:id/summary"),
                userText(llm, 3));
        assertTrue(
                userText(llm, 3).contains("Last action results: click_control: clicked control 9 Switch"),
                userText(llm, 3));
        String system = llm.requests().get(0).messages().get(0).text();
        assertTrue(system.contains("- swipe(") && system.contains("mobile-mcp takes 1000 ms"), system);

        assertSwitchLabelledInStep3(llm);

        List<Map<String, Object>> steps = agent.blackboard().trajectories();
        assertEquals(
                List.of("launch_app", "click_control", "click_control", ""),
                steps.stream().map(step -> step.get("action")).toList());
        assertEquals(
                List.of(
                        "launched com.android.settings",
                        "clicked control 6 TextView \"Network & internet\" at (360, 711)",
                        "clicked control 9 Switch \"android.widget.Switch\" at (970, 510)",
                        "no action"),
                steps.stream().map(step -> step.get("result")).toList());
    }

    @Test
    void aServerThatExitsMidRoundEndsItInFailWithAOneLineReason() throws Exception {
        StandInAdb device = StandInAdb.install(dir);
        Path pidFile = dir.resolve("server.pid");
        // the server writes its pid, then becomes mobile-mcp; the LLM's second answer kills it
        List<String> command =
                List.of("bash", "-c", "echo $$ > \"$1\"; exec \"$0\"", server.toString(), pidFile.toString());
        ReplayLlmClient replay = MobileAgentRoundTest.replay(WIFI);
        LlmClient killing = request -> {
            if (replay.requests().size() == 1) {
                long pid;
                try {
                    pid = Long.parseLong(Files.readString(pidFile).strip());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                ProcessHandle.of(pid).ifPresent(process -> {
                    process.destroyForcibly();
                    process.onExit().orTimeout(10, TimeUnit.SECONDS).join();
                });
            }
            return replay.complete(request);
        };
        RoundResult result;
        MobileAgent agent;
        try (MobileDevice phone = device.mobileMcp(command, new MutableClock()).connect()) {
            agent = MobileAgent.builder(phone, killing).build();
            result = round(agent);
        }

        assertEquals(
                List.of("MobileAgent.CONTINUE", "MobileAgent.CONTINUE", "MobileAgent.FAIL", "MobileAgent.FINISH"),
                result.qualifiedPath(),
                "onError took the round to FAIL, which cleaned up into FINISH");
        assertEquals(Outcome.ERROR, result.outcome());
        assertInstanceOf(DriverException.class, result.error().orElseThrow());
        assertTrue(
                result.reason().contains("the MCP server exited before mobile_click_on_screen_at_coordinates"),
                result.reason());
        assertFalse(result.reason().contains("\n"), "one line: " + result.reason());
        assertTrue(
                agent.failureScreenshot().orElseThrow().startsWith("no final screenshot: taking it failed: "),
                agent.failureScreenshot().orElseThrow());
    }

    @Test
    void aDeviceThatDisconnectsMidRoundEndsItInFailAsWithAdb() throws Exception {
        // call 19 is step 2's tap (see the calls of openSettingsAndTurnOnWifiThroughMobileMcp)
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_DISCONNECT_AFTER", "18");
        RoundResult result;
        try (MobileDevice phone =
                device.mobileMcp(List.of(server.toString()), new MutableClock()).connect()) {
            result = round(MobileAgent.builder(phone, MobileAgentRoundTest.replay(WIFI))
                    .build());
        }

        assertEquals(
                List.of("MobileAgent.CONTINUE", "MobileAgent.CONTINUE", "MobileAgent.FAIL", "MobileAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(Outcome.ERROR, result.outcome());
        DeviceUnavailableException cause = assertInstanceOf(
                DeviceUnavailableException.class, result.error().orElseThrow());
        assertEquals(DeviceUnavailableException.Problem.NOT_FOUND, cause.problem());
        assertTrue(
                result.reason().contains("device emulator-5554 is not connected; it disconnected (adb said, through"),
                result.reason());
        assertFalse(result.reason().contains("\n"), "one line: " + result.reason());
        List<List<String>> calls = device.calls();
        assertEquals(shell("input", "tap", "360", "711"), calls.get(18), "the call that found the device gone");
        assertEquals(19, calls.size(), "nothing ran after it (FAIL did not ask the gone device for a screenshot)");
    }

    @Test
    void aSerialMobileMcpDoesNotListIsNotFound() {
        StandInAdb device = StandInAdb.install(dir);
        DeviceUnavailableException e = assertThrows(
                DeviceUnavailableException.class, () -> device.mobileMcp(List.of(server.toString()), new MutableClock())
                        .serial("emulator-9999")
                        .connect());
        assertEquals(DeviceUnavailableException.Problem.NOT_FOUND, e.problem());
        assertEquals(
                "device emulator-9999 is not among the Android devices mobile-mcp lists (emulator-5554) (mobile-mcp"
                        + " lists only devices that `adb devices` shows as \"device\": an unauthorized or offline one"
                        + " is left out); connect it, or fix the serial",
                e.getMessage());
    }
}
