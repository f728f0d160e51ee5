package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link MobileMcpReplies} on mobile-mcp 1.0.4's replies (as it sent them to the stand-in adb's
 * screens) and on replies of other shapes, which must fail naming the tool and what was wrong.
 */
class MobileMcpRepliesTest {
    private static final String SOURCE = "mobile-mcp:emulator-5554";

    @Test
    void readsTheDeviceList() throws Exception {
        assertEquals(
                List.of(new MobileMcpReplies.Device("emulator-5554", "Pixel 4 API 30", "android", "online")),
                MobileMcpReplies.devices(
                        SOURCE,
                        "{\"devices\":[{\"id\":\"emulator-5554\",\"name\":\"Pixel 4 API 30\",\"platform\":\"android\","
                                + "\"type\":\"emulator\",\"version\":\"11\",\"state\":\"online\"}]}"));
        assertEquals(List.of(), MobileMcpReplies.devices(SOURCE, "{\"devices\":[]}"));
    }

    @Test
    void readsElementsAsControls() throws Exception {
        List<Control> controls = MobileMcpReplies.elements(
                SOURCE,
                "Found these elements on screen: ["
                        + "{\"type\":\"android.widget.TextView\",\"text\":\"\",\"label\":\"Settings\","
                        + "\"coordinates\":{\"x\":788,\"y\":2080,\"width\":212,\"height\":220}},"
                        + "{\"type\":\"android.widget.Switch\",\"text\":\"\",\"label\":\"\","
                        + "\"identifier\":\"com.android.settings:id/switchWidget\","
                        + "\"coordinates\":{\"x\":905,\"y\":477,\"width\":131,\"height\":66},\"checked\":true},"
                        + "{\"type\":\"android.widget.TextView\",\"text\":\"Off\",\"label\":\"hint\","
                        + "\"coordinates\":{\"x\":160,\"y\":507,\"width\":600,\"height\":58},\"focused\":true}]");
        assertEquals(
                List.of(
                        new Control(1, "Settings", "TextView", new Rect(788, 2080, 1000, 2300), "", false, false),
                        UiTreeParserTest.wifiSwitch(2, true),
                        new Control(3, "Off", "TextView", new Rect(160, 507, 760, 565), "", false, false)),
                controls);
        assertEquals(List.of(), MobileMcpReplies.elements(SOURCE, "Found these elements on screen: []"));
    }

    @Test
    void elementListsOfAnotherShapeNameTheToolAndTheProblem() {
        String element =
                "{\"type\":\"android.widget.TextView\",\"coordinates\":{\"x\":1,\"y\":2,\"width\":3,\"height\":4}";
        refused(
                "mobile_list_elements_on_screen answered what this driver cannot read (it does not start with"
                        + " \"Found these elements on screen:\"); it said: \"One element per line: @ref Type",
                () -> MobileMcpReplies.elements(SOURCE, "One element per line: @ref Type text= label="));
        refused(
                "(not JSON: ",
                () -> MobileMcpReplies.elements(SOURCE, "Found these elements on screen: [" + element + ","));
        refused(
                "(element 1 has no \"coordinates\" object)",
                () -> MobileMcpReplies.elements(
                        SOURCE, "Found these elements on screen: [{\"type\":\"android.widget.TextView\"}]"));
        refused(
                "(element 1's \"width\" is not a whole number of pixels (12.5))",
                () -> MobileMcpReplies.elements(
                        SOURCE,
                        "Found these elements on screen: [{\"type\":\"android.widget.TextView\","
                                + "\"coordinates\":{\"x\":1,\"y\":2,\"width\":12.5,\"height\":4}}]"));
        refused(
                "(element 2 has no \"type\")",
                () -> MobileMcpReplies.elements(
                        SOURCE,
                        "Found these elements on screen: [" + element + "},{\"coordinates\":{\"x\":1,\"y\":2,"
                                + "\"width\":3,\"height\":4}}]"));
        refused(
                "(element 1's \"text\" is not a string)",
                () -> MobileMcpReplies.elements(
                        SOURCE, "Found these elements on screen: [" + element + ",\"text\":7}]"));
        refused(
                "(element 1's \"checked\" is not true or false)",
                () -> MobileMcpReplies.elements(
                        SOURCE, "Found these elements on screen: [" + element + ",\"checked\":\"yes\"}]"));
        refused(
                "(the elements are not a JSON array)",
                () -> MobileMcpReplies.elements(SOURCE, "Found these elements on screen: {}"));
    }

    @Test
    void readsTheAppsSortedAndRefusesOtherShapes() throws Exception {
        assertEquals(
                List.of("com.android.chrome", "com.android.settings"),
                MobileMcpReplies.apps(
                        SOURCE,
                        "Found these apps on device: com.android.settings (com.android.settings),"
                                + " com.android.chrome (com.android.chrome)"));
        assertEquals(List.of(), MobileMcpReplies.apps(SOURCE, "Found these apps on device: "));
        refused(
                "mobile_list_apps answered what this driver cannot read (\"com.android.settings\" is not \"name"
                        + " (package)\")",
                () -> MobileMcpReplies.apps(SOURCE, "Found these apps on device: com.android.settings"));
        refused(
                "mobile_list_apps answered what this driver cannot read (it does not start with \"Found these apps",
                () -> MobileMcpReplies.apps(SOURCE, "No apps"));
    }

    @Test
    void readsTheDevicesStrictly() {
        refused(
                "mobile_list_available_devices answered what this driver cannot read (no \"devices\" array)",
                () -> MobileMcpReplies.devices(SOURCE, "{\"phones\":[]}"));
        refused(
                "(device 1 has no \"id\")",
                () -> MobileMcpReplies.devices(
                        SOURCE, "{\"devices\":[{\"platform\":\"android\",\"state\":\"online\"}]}"));
        refused("(not JSON: ", () -> MobileMcpReplies.devices(SOURCE, "Found 1 device"));
    }

    @Test
    void aScreenshotIsAFullSizePng() throws Exception {
        byte[] png = png(108, 240);
        String text = "Screenshot is 108x240 and its coordinates match the screen.\n[image 1: image/png]";

        assertArrayEquals(png, MobileMcpReplies.screenshot(SOURCE, text, List.of(new Image("image/png", png))));

        DriverException scaled = assertThrows(
                DriverException.class,
                () -> MobileMcpReplies.screenshot(
                        SOURCE,
                        "Screenshot is 461x1024. Screen coordinates are 1080x2400. To tap something you see in this"
                                + " screenshot, multiply its x by 2.343 and y by 2.344.",
                        List.of(new Image("image/jpeg", new byte[] {(byte) 0xff, (byte) 0xd8}))));
        assertEquals(
                SOURCE + ": mobile_take_screenshot sent a screenshot of 461x1024 for a screen of 1080x2400; the"
                        + " MobileAgent frames controls in screen coordinates and needs a full-size screenshot: run"
                        + " mobile-mcp with MOBILEMCP_LEGACY_ROBOT=1 (its adb robot)",
                scaled.getMessage());
        refused(
                "mobile_take_screenshot answered what this driver cannot read (0 images instead of 1)",
                () -> MobileMcpReplies.screenshot(
                        SOURCE,
                        "Screenshot is 108x240 and its coordinates match the screen.\n[image left out: 99 bytes]",
                        List.of()));
        refused(
                "(its PNG is 108x240, not the size the text gives)",
                () -> MobileMcpReplies.screenshot(
                        SOURCE,
                        "Screenshot is 1080x2400 and its coordinates match the screen.",
                        List.of(new Image("image/png", png))));
        refused(
                "(its image is not a PNG (image/jpeg))",
                () -> MobileMcpReplies.screenshot(SOURCE, text, List.of(new Image("image/jpeg", png))));
        refused(
                "(no \"Screenshot is WxH and its coordinates match the screen.\")",
                () -> MobileMcpReplies.screenshot(
                        SOURCE, "[image 1: image/png]", List.of(new Image("image/png", png))));
    }

    @Test
    void anActionsReplyMustBeTheOneItSendsWhenDone() throws Exception {
        MobileMcpReplies.expect(SOURCE, "mobile_press_button", "Pressed the button: BACK", "Pressed the button: BACK");
        DriverException e = assertThrows(
                DriverException.class,
                () -> MobileMcpReplies.expect(
                        SOURCE, "mobile_press_button", "Pressed BACK\nok", "Pressed the button: BACK"));
        assertEquals(
                SOURCE + ": mobile_press_button answered what this driver cannot read (expected \"Pressed the button:"
                        + " BACK\"); it said: \"Pressed BACK\\nok\"",
                e.getMessage());
    }

    private static void refused(String expected, Executable reading) {
        DriverException e = assertThrows(DriverException.class, reading);
        assertTrue(e.getMessage().startsWith(SOURCE + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), "expected \"" + expected + "\" in: " + e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    private static byte[] png(int width, int height) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
        return out.toByteArray();
    }
}
