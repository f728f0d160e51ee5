package dev.agentfsm.runtime;

/** What to say when generated machines are missing: the annotation processor did not run. */
final class ProcessorMissing {
    static final String MESSAGE = "No agent-fsm machine was found on the class path"
            + " (META-INF/services/dev.agentfsm.runtime.StateManager is missing): the annotation processor did not"
            + " run on the code that declares the @StateMachine. Put dev.agentfsm:fsm-processor on the processor"
            + " path: with Maven in maven-compiler-plugin's <annotationProcessorPaths>, with Gradle as an"
            + " annotationProcessor dependency (since JDK 23 javac runs no processor found on the plain class"
            + " path). See the README's Troubleshooting section.";

    private ProcessorMissing() {}
}
