package dev.agentfsm.agents.mobile;

import static dev.agentfsm.agents.mobile.StandInAdb.shell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.testing.ExternalTools;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MobileMcpDriver}'s tools against mobile-mcp on the stand-in adb: what each becomes on the
 * device, and what mobile-mcp cannot do refused before anything runs.
 */
class MobileMcpDriverTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void eachToolBecomesMobileMcpCallsOrARefusalTheLlmReads() throws Exception {
        Path server = ExternalTools.npmCommand("mobile-mcp", "mcp-server-mobile", "agents-mobile/src/test/mobile-mcp");
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_SCREEN", "settings");
        MutableClock clock = new MutableClock();
        try (MobileDevice phone =
                device.mobileMcp(List.of(server.toString()), clock).connect()) {
            assertEquals(List.of("com.android.chrome", "com.android.settings"), phone.apps());
            List<Control> controls = phone.controls();
            assertEquals(39, controls.size());
            assertEquals(
                    "6: TextView \"Network & internet\" [160,685][560,737] id=android:id/title",
                    controls.get(5).describe());
            device.clearCalls();

            ActionResult typed = run(
                    phone, "type_text", Map.of("text", "wifi on", "control_id", 1, "control_name", "Search settings"));
            assertEquals(ActionResult.ok("typed \"wifi on\""), typed);
            assertEquals(
                    List.of(shell("input", "tap", "394", "430"), shell("input", "text", "wifi\\ on")),
                    device.calls(),
                    "the field tapped at its centre, then the text as mobile-mcp escapes it");
            assertEquals(
                    "control 1 comes from a screen that has changed since (an action ran after the controls were"
                            + " read); observe the screen again and use the new ids",
                    run(phone, "click_control", Map.of("control_id", 1))
                            .reason()
                            .orElseThrow());
            device.clearCalls();

            assertEquals(
                    ActionResult.ok("swiped from (540, 1800) to (540, 800) in 1000 ms (mobile-mcp's fixed time;"
                            + " 300 ms was asked)"),
                    run(phone, "swipe", Map.of("start_x", 540, "start_y", 1800, "end_x", 540, "end_y", 800)));
            assertEquals(
                    List.of(
                            shell("wm", "size"),
                            shell("wm", "density"),
                            shell("input", "swipe", "540", "1800", "540", "800", "1000")),
                    device.calls(),
                    "mobile-mcp reads the screen size to keep a swipe on the screen");
            device.clearCalls();
            assertTrue(run(phone, "swipe", Map.of("start_x", 100, "start_y", 1800, "end_x", 900, "end_y", 800))
                    .reason()
                    .orElseThrow()
                    .startsWith("mobile-mcp swipes up, down, left or right only"));
            assertTrue(run(phone, "type_text", Map.of("text", "x", "clear_current_text", true))
                    .reason()
                    .orElseThrow()
                    .startsWith("mobile-mcp cannot clear a field"));
            assertTrue(run(phone, "type_text", Map.of("text", "café"))
                    .reason()
                    .orElseThrow()
                    .startsWith("adb cannot type 'é' (U+00E9) at index 3"));
            // mobile-mcp escapes neither: the device's shell would type nothing for "#1" and "/" for "~"
            assertEquals(
                    "mobile-mcp cannot type text that starts with '#' (the device's shell would read it as a comment"
                            + " and type nothing); type the first character another way, or start the text"
                            + " differently",
                    run(phone, "type_text", Map.of("text", "#1 in charts"))
                            .reason()
                            .orElseThrow());
            assertTrue(run(phone, "type_text", Map.of("text", "~/notes"))
                    .reason()
                    .orElseThrow()
                    .startsWith("mobile-mcp cannot type text that starts with '~' (the device's shell would read it"
                            + " as the home directory)"));
            assertEquals(
                    ActionResult.ok("typed \"a #1 ~x\""),
                    run(phone, "type_text", Map.of("text", "a #1 ~x")),
                    "inside the text, after an escaped space, they are typed");
            device.clearCalls();
            assertEquals(
                    "\"KEYCODE_TAB\" is not a key mobile-mcp can press; use KEYCODE_BACK, KEYCODE_HOME, KEYCODE_ENTER,"
                            + " KEYCODE_VOLUME_UP or KEYCODE_VOLUME_DOWN",
                    run(phone, "press_key", Map.of("key_code", "KEYCODE_TAB"))
                            .reason()
                            .orElseThrow());
            assertEquals(
                    "no app with a launcher matches \"maps\"; the apps: com.android.chrome, com.android.settings",
                    run(phone, "launch_app", Map.of("package_name", "maps"))
                            .reason()
                            .orElseThrow());
            assertEquals(List.of(), device.calls(), "nothing ran for the refusals");

            phone.screenshot();
            device.clearCalls();
            assertTrue(run(phone, "tap", Map.of("x", 1500, "y", 84))
                    .reason()
                    .orElseThrow()
                    .startsWith("tap at (1500, 84) is outside the screen, which is 1080x2400 pixels"));
            assertEquals(List.of(), device.calls(), "mobile-mcp taps a point off the screen without complaint");

            assertEquals(
                    ActionResult.ok("pressed KEYCODE_HOME"),
                    run(phone, "press_key", Map.of("key_code", "KEYCODE_HOME")));
            assertTrue(
                    phone.controls().stream().anyMatch(c -> c.name().equals("Chrome")),
                    "the stand-in went home: " + phone.controls());
            assertEquals(
                    ActionResult.ok("launched com.android.chrome"),
                    run(phone, "launch_app", Map.of("package_name", "chrome")));
            assertEquals(
                    List.of(
                            shell("input", "keyevent", "KEYCODE_HOME"),
                            StandInAdb.adb("exec-out", "uiautomator", "dump", "/dev/tty"),
                            shell("monkey", "-p", "com.android.chrome", "-c", "android.intent.category.LAUNCHER", "1")),
                    device.calls());

            clock.advance(Duration.ofSeconds(6));
            phone.controls();
            clock.advance(Duration.ofSeconds(6));
            assertTrue(run(phone, "click_control", Map.of("control_id", 1))
                    .reason()
                    .orElseThrow()
                    .contains("older than 5000 ms"));
        }
    }

    @Test
    void aServerThatCannotStartIsADriverExceptionWithItsReasonOnOneLine() {
        StandInAdb device = StandInAdb.install(dir);
        // it lingers a second: the SDK's stdio transport stops reading stderr once the server's stdout
        // closes, so the reason of a server that exits at once can be lost
        DriverException e = assertThrows(DriverException.class, () -> device.mobileMcp(
                        List.of("bash", "-c", "echo 'mobile-mcp: cannot find adb' >&2; sleep 1; exit 3"),
                        new MutableClock())
                .startTimeout(Duration.ofSeconds(60)) // bounds a hang only: the server's exit ends the wait
                .connect());
        assertTrue(
                e.getMessage().startsWith("mcp:bash: could not start a session with the MCP server: "), e.getMessage());
        assertTrue(e.getMessage().contains("mobile-mcp: cannot find adb"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void anEmptyServerCommandIsRefusedWithTheFix() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> MobileDevice.builder().mobileMcp(List.of()));
        assertTrue(e.getMessage().contains("@mobilenext/mobile-mcp@1.0.4"), e.getMessage());
    }

    @Test
    void adbStaysTheDefault() throws Exception {
        StandInAdb device = StandInAdb.install(dir);
        try (MobileDevice phone = MobileDevice.builder()
                .environment(device.environment())
                .serial(StandInAdb.SERIAL)
                .connect()) {
            assertEquals("adb:emulator-5554", phone.name());
            assertEquals(List.of("com.example.notes", "org.wikipedia"), phone.apps());
        }
    }

    private static ActionResult run(MobileDevice phone, String tool, Map<String, Object> arguments)
            throws DriverException {
        return phone.execute(new Action(tool, arguments), TIMEOUT);
    }
}
