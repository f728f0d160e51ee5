package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.DriverException;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Draws each control's rectangle and id on a screenshot, as UFO's photographer does for the
 * annotated screenshot the LLM reads ids from. The digits are drawn from a built-in pixel font, so
 * this works headless on a machine without any fonts installed.
 */
final class ScreenshotAnnotator {
    static final Color FRAME = new Color(0xE5, 0x1A, 0x1A);
    static final Color LABEL_TEXT = Color.WHITE;

    /** 3x5 pixel glyphs for 0-9, one row of three bits per entry, top row first. */
    private static final int[][] DIGITS = {
        {0b111, 0b101, 0b101, 0b101, 0b111}, {0b010, 0b110, 0b010, 0b010, 0b111},
        {0b111, 0b001, 0b111, 0b100, 0b111}, {0b111, 0b001, 0b111, 0b001, 0b111},
        {0b101, 0b101, 0b111, 0b001, 0b001}, {0b111, 0b100, 0b111, 0b001, 0b111},
        {0b111, 0b100, 0b111, 0b101, 0b111}, {0b111, 0b001, 0b001, 0b001, 0b001},
        {0b111, 0b101, 0b111, 0b101, 0b111}, {0b111, 0b101, 0b111, 0b001, 0b111},
    };

    private ScreenshotAnnotator() {}

    /**
     * The screenshot with every control framed and labelled with its id, as PNG.
     *
     * @throws DriverException when {@code png} is not an image ImageIO can read
     */
    static byte[] annotate(byte[] png, List<Control> controls) throws DriverException {
        BufferedImage source = read(png);
        BufferedImage image = new BufferedImage(source.getWidth(), source.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.drawImage(source, 0, 0, null);
            int scale = scale(image.getWidth());
            g.setStroke(new BasicStroke(Math.max(1, scale / 2f)));
            for (Control control : controls) {
                Rect r = control.rect();
                g.setColor(FRAME);
                g.drawRect(r.left(), r.top(), r.right() - r.left() - 1, r.bottom() - r.top() - 1);
                label(g, Integer.toString(control.id()), r.left(), r.top(), scale);
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

    /** Pixels per glyph pixel: about 1/270 of the screen's width, so labels read alike on every screen. */
    static int scale(int width) {
        return Math.max(2, width / 270);
    }

    /** A filled box at ({@code x}, {@code y}) with {@code text} in it, one glyph pixel of padding around. */
    private static void label(Graphics2D g, String text, int x, int y, int scale) {
        int width = (text.length() * 4 + 1) * scale;
        int height = 7 * scale;
        g.setColor(FRAME);
        g.fillRect(x, y, width, height);
        g.setColor(LABEL_TEXT);
        for (int i = 0; i < text.length(); i++) {
            int[] glyph = DIGITS[text.charAt(i) - '0'];
            int glyphX = x + (1 + i * 4) * scale;
            for (int row = 0; row < glyph.length; row++) {
                for (int column = 0; column < 3; column++) {
                    if ((glyph[row] & (0b100 >> column)) != 0) {
                        g.fillRect(glyphX + column * scale, y + (1 + row) * scale, scale, scale);
                    }
                }
            }
        }
    }

    private static BufferedImage read(byte[] png) throws DriverException {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            if (image == null) {
                throw new DriverException("the screenshot is not an image ImageIO can read (" + png.length + " bytes)");
            }
            return image;
        } catch (IOException e) {
            throw new DriverException("the screenshot cannot be decoded: " + e.getMessage(), e);
        }
    }
}
