package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;

/** Reads PNG bytes back into an image, for tests that look at pixels. */
public final class Images {
    private Images() {}

    /** The image; fails the test if the bytes are not an image. */
    public static BufferedImage read(byte[] png) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertNotNull(image, "a PNG image");
        return image;
    }
}
