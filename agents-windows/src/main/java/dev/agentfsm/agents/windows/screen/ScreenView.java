package dev.agentfsm.agents.windows.screen;

import dev.agentfsm.runtime.device.DriverException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Objects;
import javax.imageio.ImageIO;

/**
 * What the Operator saw in one step: a screenshot and its size in pixels, which is the space of the
 * coordinates its actions use until the next look.
 *
 * @param screenshot the screenshot as PNG
 * @param width its width in pixels
 * @param height its height in pixels
 */
// the screenshot passes from the driver to the prompt without a copy, and nothing compares these
// values, so the array's identity semantics in equals are harmless
@SuppressWarnings("ArrayRecordComponent")
public record ScreenView(byte[] screenshot, int width, int height) {

    public ScreenView {
        Objects.requireNonNull(screenshot, "screenshot");
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("a screen has a size, got " + width + "x" + height);
        }
    }

    /**
     * The view of a PNG screenshot, sized as the image is.
     *
     * @param source what took it, for the message when the bytes are not an image
     * @throws DriverException when the bytes are not an image
     */
    public static ScreenView of(byte[] png, String source) throws DriverException {
        BufferedImage image;
        try {
            image = ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            throw new DriverException("the screenshot of " + source + " cannot be read: " + e, e);
        }
        if (image == null) {
            throw new DriverException("the screenshot of " + source + " is not an image (" + png.length + " bytes)");
        }
        return new ScreenView(png, image.getWidth(), image.getHeight());
    }

    /** Whether {@code point} lies on the screenshot. */
    public boolean contains(ComputerAction.Point point) {
        return point.x() >= 0 && point.y() >= 0 && point.x() < width && point.y() < height;
    }
}
