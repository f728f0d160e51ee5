package dev.agentfsm.runtime.llm;

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
}
