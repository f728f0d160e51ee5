package dev.agentfsm.runtime.llm;

import java.util.Base64;
import java.util.Objects;

/**
 * An image for a chat model, such as a screenshot.
 *
 * @param mimeType e.g. {@code image/png}
 * @param data the encoded image bytes
 */
// a screenshot of a few hundred KiB passes from a driver to the request without a copy; nothing
// compares images, so the array's identity semantics in equals are harmless
@SuppressWarnings("ArrayRecordComponent")
public record Image(String mimeType, byte[] data) {

    public Image {
        Objects.requireNonNull(mimeType, "mimeType");
        Objects.requireNonNull(data, "data");
    }

    /** A PNG image. */
    public static Image png(byte[] data) {
        return new Image("image/png", data);
    }

    /** The image as a {@code data:} URL, the form chat-completion APIs take. */
    public String dataUrl() {
        return "data:" + mimeType + ";base64," + Base64.getEncoder().encodeToString(data);
    }
}
