package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.desktop.Rect;
import dev.agentfsm.runtime.device.DriverException;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Draws the controls' numbered labels on a window screenshot, as UFO's photographer does: a frame
 * around each control and its number in a filled box at the control's top-left corner, so that the
 * LLM can name a control by the number it sees.
 */
final class ScreenshotAnnotator {
    private static final Color FRAME = new Color(0xe0, 0x20, 0x20);
    private static final Color LABEL_BACKGROUND = new Color(0xff, 0xd8, 0x00);

    private ScreenshotAnnotator() {}

    /**
     * @param png the window's screenshot
     * @param origin the window's bounds on the screen; control rectangles are screen coordinates
     * @param controls the labelled controls
     * @throws DriverException if {@code png} is not an image
     */
    static byte[] annotate(byte[] png, Rect origin, List<AnnotatedControl> controls) throws DriverException {
        BufferedImage image = read(png);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
        FontMetrics metrics = g.getFontMetrics();
        for (AnnotatedControl c : controls) {
            Rect r = c.control().rect().translate(-origin.left(), -origin.top());
            g.setColor(FRAME);
            g.setStroke(new BasicStroke(1.5f));
            g.drawRect(r.left(), r.top(), r.width() - 1, r.height() - 1);
            String text = Integer.toString(c.label());
            int w = metrics.stringWidth(text) + 6;
            int h = metrics.getAscent() + 2;
            g.setColor(LABEL_BACKGROUND);
            g.fillRect(r.left(), r.top(), w, h);
            g.setColor(FRAME);
            g.drawRect(r.left(), r.top(), w, h);
            g.setColor(Color.BLACK);
            g.drawString(text, r.left() + 3, r.top() + metrics.getAscent());
        }
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new DriverException("could not encode the annotated screenshot as PNG: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    private static BufferedImage read(byte[] png) throws DriverException {
        BufferedImage source;
        try {
            source = ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            throw new DriverException("the driver's screenshot could not be read: " + e.getMessage(), e);
        }
        if (source == null) {
            throw new DriverException("the driver's screenshot (" + png.length + " bytes) is not an image ImageIO can read");
        }
        BufferedImage copy = new BufferedImage(source.getWidth(), source.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = copy.createGraphics();
        g.drawImage(source, 0, 0, null);
        g.dispose();
        return copy;
    }
}
