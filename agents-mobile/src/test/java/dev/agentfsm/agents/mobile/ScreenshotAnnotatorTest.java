package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.runtime.device.DriverException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Control ids drawn on the stand-in's real screenshot. */
class ScreenshotAnnotatorTest {
    private static final int FRAME = ScreenshotAnnotator.FRAME.getRGB();
    private static final int WHITE = 0xFFFFFFFF;

    @Test
    void framesEveryControlAndDrawsItsId() throws Exception {
        byte[] png = screenshot();
        Control wifi = new Control(7, "android.widget.Switch", "Switch", new Rect(905, 477, 1036, 543), "", true, false);
        Control row = new Control(12, "Data usage", "TextView", new Rect(160, 895, 560, 947), "", false, false);
        BufferedImage before = ImageIO.read(new ByteArrayInputStream(png));
        BufferedImage after = ImageIO.read(new ByteArrayInputStream(ScreenshotAnnotator.annotate(png, List.of(wifi, row))));

        assertEquals(1080, after.getWidth());
        assertEquals(2400, after.getHeight());
        int s = ScreenshotAnnotator.scale(1080);
        assertEquals(4, s);
        // the frame: the right and bottom edges of the switch's rectangle
        assertEquals(FRAME, after.getRGB(1035, 520));
        assertEquals(FRAME, after.getRGB(1000, 542));
        // the label box at the top-left corner, and the digit 7 in it: its top row is lit, its lower-left is not
        assertEquals(FRAME, after.getRGB(905, 477));
        assertEquals(WHITE, after.getRGB(905 + s + 1, 477 + s + 1), "top-left pixel of the 7");
        assertEquals(WHITE, after.getRGB(905 + 3 * s + 1, 477 + s + 1), "top-right pixel of the 7");
        assertEquals(FRAME, after.getRGB(905 + s + 1, 477 + 4 * s + 1), "lower-left of the 7 is unlit");
        assertEquals(WHITE, after.getRGB(905 + 3 * s + 1, 477 + 5 * s + 1), "bottom-right pixel of the 7");
        // "12": two glyphs, the 1's stem in its middle column, the 2's bottom row lit across
        assertEquals(WHITE, after.getRGB(160 + 2 * s + 1, 895 + 3 * s + 1));
        assertEquals(WHITE, after.getRGB(160 + 5 * s + 1, 895 + 5 * s + 1));
        assertEquals(FRAME, after.getRGB(160 + (4 * 2 + 1) * s - 1, 895 + s), "the box ends after two glyphs");
        assertNotEquals(FRAME, after.getRGB(160 + (4 * 2 + 1) * s + 1, 895 + s));
        // elsewhere the screenshot is unchanged
        assertEquals(before.getRGB(540, 1600), after.getRGB(540, 1600));
        assertEquals(before.getRGB(10, 10), after.getRGB(10, 10));
    }

    @Test
    void somethingThatIsNotAnImageIsAnError() {
        DriverException e = assertThrows(DriverException.class,
                () -> ScreenshotAnnotator.annotate(new byte[] {1, 2, 3}, List.of()));
        assertEquals("the screenshot is not an image ImageIO can read (3 bytes)", e.getMessage());
    }

    static byte[] screenshot() throws Exception {
        try (InputStream in = ScreenshotAnnotatorTest.class.getResourceAsStream("/adb-standin/standin/screen.png")) {
            return in.readAllBytes();
        }
    }
}
