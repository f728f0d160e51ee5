package dev.agentfsm.agents.mobile.mcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.mobile.StandInAdbAccess;
import dev.agentfsm.mcp.McpDriver;
import dev.agentfsm.mcp.McpEndpoint;
import dev.agentfsm.mcp.McpOptions;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.testing.ExternalTools;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @mobilenext/mobile-mcp} (pinned by {@code src/test/mobile-mcp/package-lock.json}) through fsm-mcp's
 * {@link McpDriver}, against this module's stand-in {@code adb}: the device list, the screen size, the
 * elements on the screen, a tap that changes the screen, and a screenshot. mobile-mcp runs with
 * {@code MOBILEMCP_LEGACY_ROBOT=1}, its adb command-line robot; its default robot goes through its
 * native {@code mobilecli} helper, which the stand-in does not satisfy.
 */
class MobileMcpTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String DEVICE = "emulator-5554";

    @TempDir
    Path dir;

    @Test
    void mobileMcpDrivesTheStandInThroughTheMcpDriver() throws Exception {
        Path server = ExternalTools.npmCommand("mobile-mcp", "mcp-server-mobile", "agents-mobile/src/test/mobile-mcp");
        StandInAdbAccess adb = StandInAdbAccess.install(dir);
        Map<String, String> environment = new HashMap<>(adb.environment());
        environment.put("MOBILEMCP_LEGACY_ROBOT", "1");
        try (McpDriver phone = McpDriver.connect(
                new McpEndpoint.Stdio(List.of(server.toString()), environment, Optional.of(dir)),
                McpOptions.DEFAULTS)) {
            assertTrue(phone.serverName().startsWith("mobile-mcp "), phone.serverName());

            assertEquals(
                    "{\"devices\":[{\"id\":\"emulator-5554\",\"name\":\"Pixel 4 API 30\",\"platform\":\"android\","
                            + "\"type\":\"emulator\",\"version\":\"11\",\"state\":\"online\"}]}",
                    call(phone, "mobile_list_available_devices", Map.of()).output());
            assertEquals(
                    "Screen size is 1080x2400 pixels",
                    call(phone, "mobile_get_screen_size", Map.of("device", DEVICE))
                            .output());

            String home = call(phone, "mobile_list_elements_on_screen", Map.of("device", DEVICE))
                    .output();
            assertTrue(home.contains("TextView label=\"Settings\" at=788,2080 size=212x220"), home);

            call(phone, "mobile_click_on_screen_at_coordinates", Map.of("device", DEVICE, "x", 894, "y", 2190));
            String settings = call(phone, "mobile_list_elements_on_screen", Map.of("device", DEVICE))
                    .output();
            assertTrue(settings.contains("text=\"Network & internet\""), settings);
            assertFalse(
                    settings.contains("label=\"Settings\" at=788,2080"), "the tap left the home screen: " + settings);

            ActionResult shot = call(phone, "mobile_take_screenshot", Map.of("device", DEVICE));
            List<Image> images = McpDriver.images(shot);
            assertEquals(1, images.size(), shot.output());
            assertEquals("image/png", images.get(0).mimeType());
            assertArrayEquals(
                    new byte[] {(byte) 0x89, 'P', 'N', 'G'},
                    Arrays.copyOf(images.get(0).data(), 4));
        }
        assertTrue(
                adb.calls().contains(List.of("-s", DEVICE, "shell", "input", "tap", "894", "2190")),
                adb.calls().toString());
        assertTrue(
                adb.calls().contains(List.of("-s", DEVICE, "exec-out", "uiautomator", "dump", "/dev/tty")),
                adb.calls().toString());
    }

    private static ActionResult call(McpDriver phone, String tool, Map<String, Object> arguments) throws Exception {
        ActionResult result = phone.execute(new Action(tool, arguments), TIMEOUT);
        assertTrue(result.success(), tool + ": " + result);
        return result;
    }
}
