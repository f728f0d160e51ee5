package dev.agentfsm.spring.boot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a bad {@code agentfsm.*} property as Spring Boot reports a property it cannot bind: the property, the
 * value and what is allowed under "Description", the property to change and to what under "Action", instead
 * of a bean-creation stack trace the user has to read to the bottom.
 */
class BadPropertyFailureAnalyzer extends AbstractFailureAnalyzer<BadPropertyException> {
    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, BadPropertyException cause) {
        String action = cause.property()
                .map(property -> "Set " + property + " to " + cause.allowed().orElse("an allowed value")
                        + " where the application is configured (application.properties or .yaml, the environment,"
                        + " the command line), or remove it to take the default.")
                .orElse("Correct the agentfsm.* properties as the description says.");
        return new FailureAnalysis("A bad agentfsm.* property: " + cause.problem(), action, cause);
    }
}
