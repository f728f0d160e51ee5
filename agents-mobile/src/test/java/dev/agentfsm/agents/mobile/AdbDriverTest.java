package dev.agentfsm.agents.mobile;

import static dev.agentfsm.agents.mobile.StandInAdb.adb;
import static dev.agentfsm.agents.mobile.StandInAdb.shell;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver against the stand-in adb: the exact command lines, the caches, and refused actions. */
class AdbDriverTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private StandInAdb device;
    private final MutableClock clock = new MutableClock();
    private AdbDriver driver;

    @BeforeEach
    void connect() throws Exception {
        device = StandInAdb.install(dir).with("ADB_STANDIN_SCREEN", "network");
        driver = device.connect(clock);
        assertEquals(List.of(adb("get-state")), device.calls(), "connecting asks the chosen device's state");
        device.clearCalls();
    }

    @Test
    void screenshotIsCapturedPulledAndRemoved() throws Exception {
        byte[] png = driver.screenshot();
        byte[] recorded = Files.readAllBytes(device.executable().resolveSibling("standin/screen.png"));
        assertArrayEquals(recorded, png);
        List<List<String>> calls = device.calls();
        assertEquals(3, calls.size());
        assertEquals(shell("screencap", "-p", "/sdcard/screen_temp.png"), calls.get(0));
        assertEquals(adb("pull", "/sdcard/screen_temp.png"), calls.get(1).subList(0, 4));
        Path local = Path.of(calls.get(1).get(4));
        assertFalse(Files.exists(local), "the local copy is deleted: " + local);
        assertEquals(shell("rm", "/sdcard/screen_temp.png"), calls.get(2));
        assertFalse(Files.exists(device.stateDirectory().resolve("sdcard/sdcard/screen_temp.png")));
    }

    @Test
    void uiTreeIsDumpedThenRead() throws Exception {
        List<Control> controls = driver.controls();
        assertEquals(19, controls.size());
        assertEquals(UiTreeParserTest.dump("network"), driver.uiTree());
        assertEquals(
                List.of(
                        shell("uiautomator", "dump", "/sdcard/window_dump.xml"),
                        shell("cat", "/sdcard/window_dump.xml")),
                device.calls(),
                "the tree and its controls are read once");
    }

    @Test
    void appsAndDeviceInfo() throws Exception {
        assertEquals(List.of("com.example.notes", "org.wikipedia"), driver.apps(false));
        List<String> all = driver.apps(true);
        assertEquals(23, all.size());
        assertTrue(all.contains("com.android.settings"));
        DeviceInfo info = driver.deviceInfo();
        assertEquals(
                new DeviceInfo("sdk_gphone_x86", "11", "30", "1080x2400", "420", Optional.of(87), "charging"), info);
        assertEquals(
                List.of(
                        shell("pm", "list", "packages", "-3"),
                        shell("pm", "list", "packages"),
                        shell("getprop", "ro.product.model"),
                        shell("getprop", "ro.build.version.release"),
                        shell("getprop", "ro.build.version.sdk"),
                        shell("wm", "size"),
                        shell("wm", "density"),
                        shell("dumpsys", "battery")),
                device.calls());
    }

    @Test
    void everyActionRunsExactlyItsCommand() throws Exception {
        driver.controls();
        device.clearCalls();
        assertOk(driver.execute(new Action("tap", Map.of("x", 100, "y", 200)), TIMEOUT));
        assertOk(driver.execute(
                new Action("swipe", Map.of("start_x", 540, "start_y", 1800, "end_x", 540, "end_y", 600)), TIMEOUT));
        assertOk(driver.execute(
                new Action("swipe", Map.of("start_x", 1, "start_y", 2, "end_x", 3, "end_y", 4, "duration", 1000)),
                TIMEOUT));
        assertOk(driver.execute(new Action("type_text", Map.of("text", "Tom & Jerry's (1940)")), TIMEOUT));
        assertOk(driver.execute(new Action("press_key", Map.of("key_code", "KEYCODE_BACK")), TIMEOUT));
        assertOk(driver.execute(new Action("launch_app", Map.of("package_name", "com.android.settings")), TIMEOUT));
        assertEquals(
                List.of(
                        shell("input", "tap", "100", "200"),
                        shell("input", "swipe", "540", "1800", "540", "600", "300"),
                        shell("input", "swipe", "1", "2", "3", "4", "1000"),
                        shell("input", "text", "Tom%s\\&%sJerry\\'s%s\\(1940\\)"),
                        shell("input", "keyevent", "KEYCODE_BACK"),
                        shell("pm", "list", "packages"),
                        shell("monkey", "-p", "com.android.settings", "-c", "android.intent.category.LAUNCHER", "1")),
                device.calls());
    }

    @Test
    void aPointOutsideTheLastScreenshotIsRefusedWithoutTouchingTheDevice() throws Exception {
        driver.screenshot(); // the stand-in's screen is 1080x2400
        device.clearCalls();
        assertEquals(
                "tap at (1500, 84) is outside the screen, which is 1080x2400 pixels (x from 0 to 1079, y from 0 to"
                        + " 2399); nothing was done",
                driver.execute(new Action("tap", Map.of("x", 1500, "y", 84)), TIMEOUT)
                        .reason()
                        .orElseThrow());
        assertEquals(
                "swipe at (540, 2400) is outside the screen, which is 1080x2400 pixels (x from 0 to 1079, y from 0"
                        + " to 2399); nothing was done",
                driver.execute(
                                new Action(
                                        "swipe", Map.of("start_x", 540, "start_y", 600, "end_x", 540, "end_y", 2400)),
                                TIMEOUT)
                        .reason()
                        .orElseThrow());
        assertEquals(List.of(), device.calls(), "adb would have taken both without complaint");
        assertOk(driver.execute(new Action("tap", Map.of("x", 1079, "y", 2399)), TIMEOUT));
        assertEquals(List.of(shell("input", "tap", "1079", "2399")), device.calls());
    }

    @Test
    void clickControlTapsTheCentreOfItsRectangle() throws Exception {
        driver.controls();
        device.clearCalls();
        ActionResult result = driver.execute(
                new Action("click_control", Map.of("control_id", 7, "control_name", "android.widget.Switch")), TIMEOUT);
        assertOk(result);
        assertEquals("clicked control 7 Switch \"android.widget.Switch\" at (970, 510)", result.output());
        assertEquals(List.of(shell("input", "tap", "970", "510")), device.calls());
        assertTrue(
                driver.controls().get(6).checked(),
                "the stand-in turned Wi-Fi on, and the tap invalidated the controls");
    }

    @Test
    void clickControlWithAnotherNameStillClicksButSaysSo() throws Exception {
        driver.controls();
        ActionResult result = driver.clickControl(5, Optional.of("Bluetooth"));
        assertEquals(
                "clicked control 5 TextView \"Wi\u2011Fi\" at (360, 481) (note: control 5 is named \"Wi\u2011Fi\", not \"Bluetooth\")",
                result.output());
    }

    @Test
    void typeTextIntoAControlTapsItClearsItAndTypes() throws Exception {
        driver.controls();
        device.clearCalls();
        assertOk(driver.execute(
                new Action("type_text", Map.of("text", "hi", "control_id", "5", "clear_current_text", true)), TIMEOUT));
        List<String> clear = new ArrayList<>(shell("input", "keyevent"));
        clear.addAll(Collections.nCopies(50, "KEYCODE_DEL"));
        assertEquals(List.of(shell("input", "tap", "360", "481"), clear, shell("input", "text", "hi")), device.calls());
    }

    @Test
    void untypeableTextRunsNothing() throws Exception {
        driver.controls();
        device.clearCalls();
        ActionResult result = driver.execute(new Action("type_text", Map.of("text", "café", "control_id", 5)), TIMEOUT);
        assertFalse(result.success());
        assertTrue(
                result.reason().orElseThrow().startsWith("adb cannot type 'é' (U+00E9) at index 3"),
                result.reason().get());
        assertEquals(List.of(), device.calls(), "not even the tap on the field");
    }

    @Test
    void cachesKeepUfosTimesToLive() throws Exception {
        driver.controls();
        driver.apps(false);
        driver.deviceInfo();
        int first = device.calls().size();
        clock.advance(Duration.ofMillis(4_999));
        driver.controls();
        driver.apps(false);
        driver.deviceInfo();
        assertEquals(first, device.calls().size(), "all fresh just before 5 s");

        clock.advance(Duration.ofMillis(1));
        driver.controls();
        driver.apps(false);
        driver.deviceInfo();
        assertEquals(
                List.of(
                        shell("uiautomator", "dump", "/sdcard/window_dump.xml"),
                        shell("cat", "/sdcard/window_dump.xml")),
                device.calls().subList(first, device.calls().size()),
                "only the controls expire at 5 s");

        clock.advance(Duration.ofSeconds(55));
        device.clearCalls();
        driver.deviceInfo();
        assertEquals(6, device.calls().size(), "device information expires at 60 s");
        driver.apps(false);
        assertEquals(6, device.calls().size(), "apps are still fresh at 60 s");
        clock.advance(Duration.ofSeconds(240));
        driver.apps(false);
        assertEquals(shell("pm", "list", "packages", "-3"), device.calls().get(6), "apps expire at 300 s");
    }

    @Test
    void everyInteractionInvalidatesTheControls() throws Exception {
        List<Action> interactions = List.of(
                new Action("tap", Map.of("x", 1, "y", 1)),
                new Action("swipe", Map.of("start_x", 1, "start_y", 1, "end_x", 2, "end_y", 2)),
                new Action("type_text", Map.of("text", "x")),
                new Action("click_control", Map.of("control_id", 3)),
                new Action("press_key", Map.of("key_code", "KEYCODE_ENTER")),
                new Action("launch_app", Map.of("package_name", "settings")));
        for (Action action : interactions) {
            driver.controls();
            assertOk(driver.execute(action, TIMEOUT));
            device.clearCalls();
            driver.controls();
            assertEquals(2, device.calls().size(), action.function() + " invalidates the controls: " + device.calls());
        }
    }

    @Test
    void aControlIdOlderThanItsCacheIsRefused() throws Exception {
        driver.controls();
        clock.advance(Duration.ofMillis(5_000));
        device.clearCalls();
        ActionResult result = driver.execute(new Action("click_control", Map.of("control_id", 7)), TIMEOUT);
        assertFalse(result.success());
        assertEquals(
                "control 7 comes from controls read 5000 ms ago, older than 5000 ms, so the screen may have changed;"
                        + " observe the screen again",
                result.reason().orElseThrow());
        assertEquals(List.of(), device.calls(), "nothing was tapped");
    }

    @Test
    void aControlIdFromBeforeAnActionIsRefused() throws Exception {
        driver.controls();
        driver.tap(10, 10);
        device.clearCalls();
        ActionResult result = driver.clickControl(7, Optional.empty());
        assertFalse(result.success());
        assertTrue(
                result.reason().orElseThrow().startsWith("control 7 comes from a screen that has changed since"),
                result.reason().get());
        ActionResult typed = driver.typeText("x", Optional.of(7), Optional.empty(), false);
        assertFalse(typed.success());
        assertEquals(List.of(), device.calls());
    }

    @Test
    void unknownIdsAndBadArgumentsAreResultsForTheLlm() throws Exception {
        assertEquals(
                "control 1 is unknown: no controls have been read yet; observe the screen first",
                driver.clickControl(1, Optional.empty()).reason().orElseThrow());
        driver.controls();
        assertEquals(
                "there is no control 20 on the screen; the ids are 1 to 19",
                driver.clickControl(20, Optional.empty()).reason().orElseThrow());
        assertEquals(
                "tap needs 'y' (an integer); got arguments {x=1}",
                driver.execute(new Action("tap", Map.of("x", 1)), TIMEOUT)
                        .reason()
                        .orElseThrow());
        assertEquals(
                "tap needs 'x' to be an integer; got left",
                driver.execute(new Action("tap", Map.of("x", "left", "y", 1)), TIMEOUT)
                        .reason()
                        .orElseThrow());
        assertTrue(driver.execute(new Action("fly", Map.of()), TIMEOUT)
                .reason()
                .orElseThrow()
                .startsWith("unknown tool \"fly\"; the tools are tap, swipe, type_text, launch_app"));
        assertEquals(
                "\"rm -rf /\" is not an Android key code; use a KEYCODE_* name such as KEYCODE_HOME, KEYCODE_BACK or KEYCODE_ENTER",
                driver.pressKey("rm -rf /").reason().orElseThrow());
    }

    @Test
    void waitIsBoundedAndCachesCanBeDropped() throws Exception {
        assertEquals(
                "wait takes 1 to 10 seconds; got 0",
                driver.execute(new Action("wait", Map.of("seconds", 0)), TIMEOUT)
                        .reason()
                        .orElseThrow());
        assertEquals(
                "wait takes 1 to 10 seconds; got 11",
                driver.execute(new Action("wait", Map.of("seconds", 11)), TIMEOUT)
                        .reason()
                        .orElseThrow(),
                "never longer than the action's time-out");
        driver.apps(false);
        driver.controls();
        device.clearCalls();
        assertOk(driver.execute(new Action("invalidate_cache", Map.of("cache_type", "apps")), TIMEOUT));
        driver.apps(false);
        driver.controls();
        assertEquals(List.of(shell("pm", "list", "packages", "-3")), device.calls(), "only the apps were dropped");
        assertEquals(
                "unknown cache \"screens\"; use controls, apps, device_info or all",
                driver.invalidateCache("screens").reason().orElseThrow());
    }

    @Test
    void launchAppResolvesAWordAndRefusesWhatItCannotLaunch() throws Exception {
        ActionResult byWord = driver.launchApp("wikipedia");
        assertFalse(byWord.success(), "org.wikipedia has no launcher in the stand-in");
        assertTrue(
                byWord.reason()
                        .orElseThrow()
                        .startsWith("could not launch org.wikipedia (monkey exited with 252: "
                                + "** No activities found to run, monkey aborted."),
                byWord.reason().get());
        assertEquals(
                "launched com.android.settings",
                driver.launchApp("settings").output(),
                "com.android.settings wins over com.android.settings.intelligence: it ends with the word");
        assertEquals(
                "no installed package matches \"calculator\"; installed apps: com.example.notes, org.wikipedia",
                driver.launchApp("calculator").reason().orElseThrow());
        assertTrue(
                driver.launchApp("google").reason().orElseThrow().startsWith("\"google\" matches several packages ("));
    }

    @Test
    void observeGivesTheScreenshotTheTreeAndTheControls() throws Exception {
        Observation observation = driver.observe(TIMEOUT);
        assertEquals(20289, observation.screenshotPng().orElseThrow().length);
        assertEquals(UiTreeParserTest.dump("network"), observation.uiTree().orElseThrow());
        assertTrue(
                observation
                        .text()
                        .orElseThrow()
                        .contains(
                                "7: Switch \"android.widget.Switch\" [905,477][1036,543] id=com.android.settings:id/switchWidget unchecked"));
    }

    @Test
    void aMalformedDumpFromTheDeviceIsAClearError() throws Exception {
        Path broken = Files.writeString(
                dir.resolve("broken.xml"),
                "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node text=\"cut off");
        AdbDriver cut = StandInAdb.install(dir.resolve("other"))
                .with("ADB_STANDIN_DUMP", broken.toString())
                .connect(clock);
        DriverException e = assertThrows(DriverException.class, cut::controls);
        assertTrue(
                e.getMessage().startsWith("the UI dump of emulator-5554 is not well-formed XML (line 1, column "),
                e.getMessage());
    }

    private static void assertOk(ActionResult result) {
        assertTrue(result.success(), () -> "failed: " + result.reason().orElse(""));
    }
}
