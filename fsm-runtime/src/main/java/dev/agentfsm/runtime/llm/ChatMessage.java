package dev.agentfsm.runtime.llm;

import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * One message of a conversation with a chat model.
 *
 * @param role who speaks
 * @param text the message text
 * @param images images attached to a user message (sent as data URLs)
 */
public record ChatMessage(Role role, String text, List<Image> images) {

    /** Who speaks a message. */
    public enum Role {
        SYSTEM,
        USER,
        ASSISTANT
    }

    public ChatMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(text, "text");
        images = List.copyOf(images);
    }

    /** A system message. */
    public static ChatMessage system(String text) {
        return new ChatMessage(Role.SYSTEM, text, List.of());
    }

    /** A user message. */
    public static ChatMessage user(String text) {
        return new ChatMessage(Role.USER, text, List.of());
    }

    /** A user message with images. */
    public static ChatMessage user(String text, List<Image> images) {
        return new ChatMessage(Role.USER, text, images);
    }

    /** An assistant message (the model's earlier reply). */
    public static ChatMessage assistant(String text) {
        return new ChatMessage(Role.ASSISTANT, text, List.of());
    }

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
}
