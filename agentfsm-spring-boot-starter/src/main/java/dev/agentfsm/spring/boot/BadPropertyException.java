package dev.agentfsm.spring.boot;

import java.util.Optional;

/**
 * A bad {@code agentfsm.*} property: its message names the property, the value and what is allowed; {@link
 * BadPropertyFailureAnalyzer} turns it into Spring Boot's "APPLICATION FAILED TO START" report.
 */
final class BadPropertyException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The property as Spring spells it ({@code agentfsm.max-step}); null for an error about no single one. */
    private final String property;

    /** What the property allows, in the runtime's words; null when the runtime did not say. */
    private final String allowed;

    BadPropertyException(String problem, Optional<String> property, Optional<String> allowed, Throwable cause) {
        super("bad agentfsm.* property: " + problem, cause);
        this.property = property.orElse(null);
        this.allowed = allowed.orElse(null);
    }

    /** What went wrong, without the prefix every such message has. */
    String problem() {
        return getMessage().substring("bad agentfsm.* property: ".length());
    }

    Optional<String> property() {
        return Optional.ofNullable(property);
    }

    Optional<String> allowed() {
        return Optional.ofNullable(allowed);
    }
}
