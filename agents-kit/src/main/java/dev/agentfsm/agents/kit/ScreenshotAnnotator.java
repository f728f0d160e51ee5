package dev.agentfsm.agents.kit;

import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import javax.imageio.ImageIO;

/**
 * Draws numbered labels on a screenshot, as UFO's photographer does for the annotated screenshot the
 * LLM reads control numbers from: a frame around each rectangle and its number in a filled box at the
 * rectangle's top-left corner.
 *
 * <p>The digits come from a built-in 3×5 pixel font, so this works headless on a machine with no
 * fonts installed. Everything is sized from the image's width ({@link #scale(int)}), so labels read
 * alike on a 660-pixel window and a 1080-pixel phone screen. Frames are drawn first and labels last,
 * so no frame crosses a number.
 */
public final class ScreenshotAnnotator {
    /** The colour of the frames and of the label boxes' borders. */
    public static final Color FRAME = new Color(0xe0, 0x20, 0x20);
    /** The colour that fills a label box. */
    public static final Color LABEL_BACKGROUND = new Color(0xff, 0xd8, 0x00);
    /** The colour of the digits. */
    public static final Color LABEL_TEXT = Color.BLACK;

    /** 3x5 pixel glyphs for 0-9, one row of three bits per entry, top row first. */
    private static final List<List<Integer>> DIGITS = List.of(
            List.of(0b111, 0b101, 0b101, 0b101, 0b111), List.of(0b010, 0b110, 0b010, 0b010, 0b111),
            List.of(0b111, 0b001, 0b111, 0b100, 0b111), List.of(0b111, 0b001, 0b111, 0b001, 0b111),
            List.of(0b101, 0b101, 0b111, 0b001, 0b001), List.of(0b111, 0b100, 0b111, 0b001, 0b111),
            List.of(0b111, 0b100, 0b111, 0b101, 0b111), List.of(0b111, 0b001, 0b001, 0b001, 0b001),
            List.of(0b111, 0b101, 0b111, 0b101, 0b111), List.of(0b111, 0b101, 0b111, 0b001, 0b111));

    /**
     * A rectangle to frame and the number to draw at its top-left corner.
     *
     * @param rect where, in the screenshot's own pixel coordinates (a window's screenshot starts at 0, 0,
     *     not at the window's place on the screen); an empty rectangle gets its number but no frame
     * @param number the number the LLM names it by; not negative
     */
    public record Label(Rect rect, int number) {
        /** @throws IllegalArgumentException if {@code number} is negative: the font has digits only */
        public Label {
            Objects.requireNonNull(rect, "rect");
            if (number < 0) {
                throw new IllegalArgumentException("a label's number cannot be negative, got " + number + " for " + rect
                        + "; number controls from 0 or 1");
            }
        }
    }

    private ScreenshotAnnotator() {}

    /**
     * The screenshot with every label's rectangle framed and its number drawn, as PNG. Parts of a
     * rectangle outside the image are not drawn; a number whose corner is outside is moved inside.
     *
     * @param png the screenshot, in any format ImageIO reads (PNG in practice)
     * @param labels what to draw, in order: a later label's box covers an earlier one at the same corner
     * @throws DriverException when {@code png} is not an image ImageIO can read: the device gave a bad screenshot
     */
    public static byte[] annotate(byte[] png, List<Label> labels) throws DriverException {
        BufferedImage image = read(png);
        int scale = scale(image.getWidth());
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(FRAME);
            for (Label label : labels) {
                frame(g, label.rect(), thickness(scale));
            }
            for (Label label : labels) {
                box(g, Integer.toString(label.number()), label.rect(), image, scale);
            }
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new IllegalStateException("could not encode the annotated screenshot as PNG", e);
        }
        return out.toByteArray();
    }

    /**
     * Pixels per glyph pixel for an image {@code width} pixels wide: about 1/270 of the width, at least
     * 2, so a label is 14 pixels high on a 660-pixel window and 28 on a 1080-pixel phone screen.
     */
    public static int scale(int width) {
        return Math.max(2, width / 270);
    }

    /** The width of frames and of label borders: half a glyph pixel, at least one pixel. */
    static int thickness(int scale) {
        return Math.max(1, scale / 2);
    }

    /** A frame {@code t} pixels wide just inside {@code r}'s edges. */
    private static void frame(Graphics2D g, Rect r, int t) {
        if (r.isEmpty()) {
            return;
        }
        int w = r.width();
        int h = r.height();
        g.fillRect(r.left(), r.top(), w, Math.min(t, h));
        g.fillRect(r.left(), r.bottom() - Math.min(t, h), w, Math.min(t, h));
        g.fillRect(r.left(), r.top(), Math.min(t, w), h);
        g.fillRect(r.right() - Math.min(t, w), r.top(), Math.min(t, w), h);
    }

    /**
     * A filled, bordered box at {@code r}'s top-left corner (moved into the image where the corner is
     * outside it) with {@code text} in it, one glyph pixel of padding around and between the digits.
     */
    private static void box(Graphics2D g, String text, Rect r, BufferedImage image, int scale) {
        int width = (text.length() * 4 + 1) * scale;
        int height = 7 * scale;
        int x = Math.max(0, Math.min(r.left(), image.getWidth() - width));
        int y = Math.max(0, Math.min(r.top(), image.getHeight() - height));
        g.setColor(LABEL_BACKGROUND);
        g.fillRect(x, y, width, height);
        g.setColor(FRAME);
        frame(g, Rect.of(x, y, width, height), thickness(scale));
        g.setColor(LABEL_TEXT);
        for (int i = 0; i < text.length(); i++) {
            List<Integer> glyph = DIGITS.get(text.charAt(i) - '0');
            int glyphX = x + (1 + i * 4) * scale;
            for (int row = 0; row < glyph.size(); row++) {
                for (int column = 0; column < 3; column++) {
                    if ((glyph.get(row) & (0b100 >> column)) != 0) {
                        g.fillRect(glyphX + column * scale, y + (1 + row) * scale, scale, scale);
                    }
                }
            }
        }
    }

    /** The screenshot as an RGB image to draw on, whatever its colour model (palette PNGs included). */
    private static BufferedImage read(byte[] png) throws DriverException {
        BufferedImage source;
        try {
            source = ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            throw new DriverException("the screenshot cannot be decoded: " + e.getMessage(), e);
        }
        if (source == null) {
            throw new DriverException("the screenshot is not an image ImageIO can read (" + png.length + " bytes)");
        }
        BufferedImage image = new BufferedImage(source.getWidth(), source.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.drawImage(source, 0, 0, null);
        } finally {
            g.dispose();
        }
        return image;
    }
}
