package dev.agentfsm.agents.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.agents.kit.ScreenshotAnnotator.Label;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Numbers drawn with the built-in pixel font: on a phone-sized screenshot (the mobile agent's) and
 * a window-sized one (the Windows agent's), read back pixel by pixel. No font is needed, so these
 * run on a headless machine without any.
 */
class ScreenshotAnnotatorTest {
    private static final int FRAME = ScreenshotAnnotator.FRAME.getRGB();
    private static final int BACKGROUND = ScreenshotAnnotator.LABEL_BACKGROUND.getRGB();
    private static final int TEXT = ScreenshotAnnotator.LABEL_TEXT.getRGB();

    @Test
    void framesEveryRectangleAndDrawsItsNumber() throws Exception {
        BufferedImage before = pattern(1080, 1000);
        Rect wifi = new Rect(905, 477, 1036, 543);
        Rect row = new Rect(160, 895, 560, 947);
        BufferedImage after = annotate(before, List.of(new Label(wifi, 7), new Label(row, 12)));

        assertEquals(1080, after.getWidth());
        assertEquals(1000, after.getHeight());
        int s = ScreenshotAnnotator.scale(1080);
        assertEquals(4, s);
        // the frame: the right and bottom edges of the switch's rectangle, two pixels wide, inside it
        assertEquals(FRAME, after.getRGB(1035, 520));
        assertEquals(FRAME, after.getRGB(1034, 520));
        assertEquals(before.getRGB(1033, 520), after.getRGB(1033, 520));
        assertEquals(FRAME, after.getRGB(1000, 542));
        assertEquals(before.getRGB(1036, 520), after.getRGB(1036, 520), "the right edge is outside the rectangle");
        // the label box at the top-left corner, bordered, and the digit 7 in it: top row lit, lower-left unlit
        assertEquals(FRAME, after.getRGB(905, 477));
        assertEquals(BACKGROUND, after.getRGB(905 + 2, 477 + 2), "inside the border");
        assertEquals(TEXT, after.getRGB(905 + s + 1, 477 + s + 1), "top-left pixel of the 7");
        assertEquals(TEXT, after.getRGB(905 + 3 * s + 1, 477 + s + 1), "top-right pixel of the 7");
        assertEquals(BACKGROUND, after.getRGB(905 + s + 1, 477 + 4 * s + 1), "lower-left of the 7 is unlit");
        assertEquals(TEXT, after.getRGB(905 + 3 * s + 1, 477 + 5 * s + 1), "bottom-right pixel of the 7");
        // "12": two glyphs, the 1's stem in its middle column, the 2's bottom row lit across
        assertEquals(TEXT, after.getRGB(160 + 2 * s + 1, 895 + 3 * s + 1));
        assertEquals(TEXT, after.getRGB(160 + 5 * s + 1, 895 + 5 * s + 1));
        assertEquals(FRAME, after.getRGB(160 + (4 * 2 + 1) * s - 1, 895 + s), "the box ends after two glyphs");
        assertNotEquals(FRAME, after.getRGB(160 + (4 * 2 + 1) * s + 1, 895 + s));
        // everything outside the frames and the boxes is unchanged
        assertUnchangedOutside(
                before,
                after,
                List.of(wifi, row),
                List.of(Rect.of(905, 477, 5 * s, 7 * s), Rect.of(160, 895, 9 * s, 7 * s)),
                2);
    }

    @Test
    void aWindowSizedScreenshotGetsSmallerLabelsAndThinnerFrames() throws Exception {
        BufferedImage before = pattern(660, 520);
        Rect button = new Rect(10, 32, 130, 56);
        BufferedImage after = annotate(before, List.of(new Label(button, 1)));

        int s = ScreenshotAnnotator.scale(660);
        assertEquals(2, s);
        assertEquals(1, ScreenshotAnnotator.thickness(s));
        assertEquals(FRAME, after.getRGB(129, 50), "a one-pixel frame");
        assertEquals(before.getRGB(128, 50), after.getRGB(128, 50));
        assertEquals(FRAME, after.getRGB(10 + 5 * s - 1, 36), "the box is one glyph wide plus padding");
        assertEquals(BACKGROUND, after.getRGB(10 + 1, 32 + 8), "the padding left of the digit");
        assertEquals(TEXT, after.getRGB(10 + 2 * s, 32 + 3 * s), "the 1's stem");
        assertUnchangedOutside(before, after, List.of(button), List.of(Rect.of(10, 32, 5 * s, 7 * s)), 1);
    }

    @Test
    void framesAreDrawnBeforeLabelsSoNoFrameCrossesANumber() throws Exception {
        Rect outer = new Rect(100, 100, 500, 500);
        Rect inner = new Rect(200, 90, 300, 300);
        BufferedImage after = annotate(pattern(1080, 1000), List.of(new Label(inner, 2), new Label(outer, 1)));

        // the inner box spans x 200..219, y 90..117; the outer frame's top edge (y 100, 101) runs through it
        assertEquals(BACKGROUND, after.getRGB(216, 100), "the padding right of the 2");
        assertEquals(FRAME, after.getRGB(250, 100), "the outer frame beside the box");
    }

    @Test
    void aNumberWhoseCornerIsOutsideTheImageIsMovedInside() throws Exception {
        BufferedImage after = annotate(
                pattern(1080, 1000),
                List.of(new Label(new Rect(-50, -20, 100, 100), 3), new Label(new Rect(1070, 990, 1100, 1020), 12)));

        int s = 4;
        assertEquals(FRAME, after.getRGB(0, 0), "the box's border at the image's corner");
        assertEquals(TEXT, after.getRGB(s, s), "top-left pixel of the 3");
        int x = 1080 - 9 * s;
        int y = 1000 - 7 * s;
        assertEquals(FRAME, after.getRGB(x, y));
        assertEquals(TEXT, after.getRGB(x + 2 * s, y + 3 * s), "the 1's stem");
        assertEquals(FRAME, after.getRGB(1079, 999));
    }

    @Test
    void anEmptyRectangleGetsItsNumberButNoFrame() throws Exception {
        BufferedImage before = pattern(1080, 1000);
        Rect hidden = new Rect(400, 400, 400, 400);
        BufferedImage after = annotate(before, List.of(new Label(hidden, 0)));

        assertEquals(TEXT, after.getRGB(400 + 4, 400 + 4), "top-left pixel of the 0");
        assertUnchangedOutside(before, after, List.of(), List.of(Rect.of(400, 400, 20, 28)), 2);
    }

    @Test
    void aNegativeNumberIsRejected() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new Label(new Rect(1, 2, 3, 4), -1));

        assertEquals(
                "a label's number cannot be negative, got -1 for [1,2][3,4]; number controls from 0 or 1",
                e.getMessage());
    }

    @Test
    void somethingThatIsNotAnImageIsAnError() {
        DriverException e = assertThrows(
                DriverException.class, () -> ScreenshotAnnotator.annotate(new byte[] {1, 2, 3}, List.of()));

        assertEquals("the screenshot is not an image ImageIO can read (3 bytes)", e.getMessage());
    }

    /** Every pixel outside the frames ({@code t} pixels wide, inside each rectangle) and the filled boxes is as before. */
    private static void assertUnchangedOutside(
            BufferedImage before, BufferedImage after, List<Rect> frames, List<Rect> boxes, int t) {
        int changed = 0;
        for (int y = 0; y < before.getHeight(); y++) {
            for (int x = 0; x < before.getWidth(); x++) {
                if (before.getRGB(x, y) != after.getRGB(x, y) && !onFrame(frames, x, y, t) && !inBox(boxes, x, y)) {
                    changed++;
                }
            }
        }
        assertEquals(0, changed, "pixels changed outside the frames and labels");
    }

    private static boolean onFrame(List<Rect> frames, int x, int y, int t) {
        return frames.stream()
                .anyMatch(r -> r.contains(x, y)
                        && !new Rect(r.left() + t, r.top() + t, r.right() - t, r.bottom() - t).contains(x, y));
    }

    private static boolean inBox(List<Rect> boxes, int x, int y) {
        return boxes.stream().anyMatch(r -> r.contains(x, y));
    }

    /**
     * A screenshot stand-in in which neighbouring pixels differ, so any drawing shows; mid-tones only,
     * never the frame's, the box's or the digits' colour.
     */
    private static BufferedImage pattern(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, 0x404040 | ((x * 7 + y * 13) & 0x3f3f3f));
            }
        }
        return image;
    }

    private static BufferedImage annotate(BufferedImage image, List<Label> labels) throws IOException, DriverException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(image, "png", png);
        return ImageIO.read(new ByteArrayInputStream(ScreenshotAnnotator.annotate(png.toByteArray(), labels)));
    }
}
