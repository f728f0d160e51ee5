package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The uiautomator dumps the stand-in serves, and hand-made edge cases, through UFO's filter. */
class UiTreeParserTest {

    @Test
    void settingsScreenKeepsScrollersClickableRowsAndNamedTexts() throws Exception {
        List<Control> controls = UiTreeParser.parse(dump("settings"), "test");
        assertEquals(28, controls.size(), "4 containers and search, then 8 rows of (row, title, summary)");
        assertEquals(
                List.of(
                        "android.widget.ScrollView",
                        "android.widget.LinearLayout",
                        "Search settings",
                        "androidx.recyclerview.widget.RecyclerView",
                        "android.widget.LinearLayout",
                        "Network & internet",
                        "Wi\u2011Fi, mobile, data usage, and hotspot"),
                controls.subList(0, 7).stream().map(Control::name).toList());
        Control row = controls.get(4);
        assertEquals(
                new Control(
                        5,
                        "android.widget.LinearLayout",
                        "LinearLayout",
                        new Rect(0, 630, 1080, 850),
                        "",
                        false,
                        false),
                row);
        assertEquals(
                List.of(1, 2, 3, 4, 5, 6, 7),
                controls.subList(0, 7).stream().map(Control::id).toList());
        assertEquals("Privacy", controls.get(26).name());
        assertTrue(controls.stream().noneMatch(c -> c.type().equals("ImageView")), "unnamed, inert icons are dropped");
        assertTrue(controls.stream().noneMatch(c -> c.type().equals("FrameLayout")), "layout frames are dropped");
    }

    @Test
    void networkScreenShowsTheWifiSwitchAndItsState() throws Exception {
        List<Control> off = UiTreeParser.parse(dump("network"), "test");
        List<Control> on = UiTreeParser.parse(dump("network-wifi-on"), "test");
        assertEquals(19, off.size());
        assertEquals(
                List.of(
                        "Navigate up",
                        "Network & internet",
                        "androidx.recyclerview.widget.RecyclerView",
                        "android.widget.LinearLayout",
                        "Wi\u2011Fi",
                        "Off",
                        "android.widget.Switch"),
                off.subList(0, 7).stream().map(Control::name).toList());
        Control wifiSwitch = off.get(6);
        assertEquals(wifiSwitch(7, false), wifiSwitch);
        assertEquals(970, wifiSwitch.rect().centerX());
        assertEquals(510, wifiSwitch.rect().centerY());
        assertTrue(on.get(6).checked());
        assertEquals("AndroidWifi", on.get(5).name());
        assertEquals("ImageButton", off.get(0).type(), "a button is kept; its content-desc names it");
        assertEquals(
                "7: Switch \"android.widget.Switch\" [905,477][1036,543] id=com.android.settings:id/switchWidget unchecked",
                wifiSwitch.describe());
    }

    /** The Wi-Fi switch of the Settings network screen as control {@code id}, on or off. */
    static Control wifiSwitch(int id, boolean on) {
        return new Control(
                id,
                "android.widget.Switch",
                "Switch",
                new Rect(905, 477, 1036, 543),
                "com.android.settings:id/switchWidget",
                true,
                on);
    }

    @Test
    void filterKeepsWhatUfoKeeps() throws Exception {
        String xml = hierarchy(
                node("android.widget.TextView", "hidden", "", "", "[0,0][0,0]"),
                node("android.widget.ImageView", "", "", "", "[0,0][100,100]"),
                node("android.widget.EditText", "", "", "", "[0,100][500,200]"),
                node("android.view.View", "", "", "long-clickable=\"true\"", "[0,200][500,300]"),
                node("android.widget.ImageView", "", "Back", "", "[0,300][100,400]"),
                node("android.widget.CheckBox", "", "", "checkable=\"true\"", "[0,400][100,500]"),
                node("android.widget.TextView", "  ", "", "", "[0,500][100,600]"),
                node("android.widget.Button", "", "", "", "[0,600][100,600]"),
                node("android.widget.Button", "inverted", "", "", "[500,700][400,800]"),
                "<node class=\"android.widget.TextView\" text=\"no bounds\" />");
        List<Control> controls = UiTreeParser.parse(xml, "test");
        assertEquals(
                List.of(
                        new Control(
                                1, "android.widget.EditText", "EditText", new Rect(0, 100, 500, 200), "", false, false),
                        new Control(2, "android.view.View", "View", new Rect(0, 200, 500, 300), "", false, false),
                        new Control(3, "Back", "ImageView", new Rect(0, 300, 100, 400), "", false, false),
                        new Control(
                                4, "android.widget.CheckBox", "CheckBox", new Rect(0, 400, 100, 500), "", true, false)),
                controls);
    }

    @Test
    void malformedXmlIsAClearError() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> UiTreeParser.parse(
                        "<hierarchy rotation=\"0\"><node text=\"a\" bounds=\"[0,0][1,1]\">", "emulator-5554"));
        assertTrue(
                e.getMessage().startsWith("the UI dump of emulator-5554 is not well-formed XML (line 1, column "),
                e.getMessage());
        assertTrue(e.getMessage().contains("it starts with: \"<hierarchy rotation="), e.getMessage());
        DriverException empty = assertThrows(DriverException.class, () -> UiTreeParser.parse("", "emulator-5554"));
        assertTrue(empty.getMessage().contains("(nothing: the dump is empty)"), empty.getMessage());
        DriverException notDump =
                assertThrows(DriverException.class, () -> UiTreeParser.parse("<html><body/></html>", "emulator-5554"));
        assertEquals(
                "the UI dump of emulator-5554 is not a uiautomator dump: its root element is <html>, not <hierarchy>",
                notDump.getMessage());
    }

    @Test
    void externalEntitiesAreNeverRead(@TempDir Path dir) throws IOException {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET");
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE hierarchy [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>"
                + hierarchy(node("android.widget.TextView", "&x;", "", "", "[0,0][10,10]"));
        DriverException e = assertThrows(DriverException.class, () -> UiTreeParser.parse(xml, "test"));
        assertTrue(e.getMessage().contains("DOCTYPE"), e.getMessage());
        assertFalse(e.getMessage().contains("TOP-SECRET"));
    }

    static String dump(String screen) throws IOException {
        try (InputStream in =
                UiTreeParserTest.class.getResourceAsStream("/adb-standin/standin/screens/" + screen + ".xml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String hierarchy(String... nodes) {
        return "<hierarchy rotation=\"0\"><node class=\"android.widget.FrameLayout\" text=\"\" bounds=\"[0,0][1080,2400]\">"
                + String.join("", nodes) + "</node></hierarchy>";
    }

    private static String node(String className, String text, String description, String flags, String bounds) {
        return "<node index=\"0\" text=\"" + text + "\" resource-id=\"\" class=\"" + className
                + "\" package=\"p\" content-desc=\"" + description + "\" " + flags + " bounds=\"" + bounds + "\" />";
    }
}
