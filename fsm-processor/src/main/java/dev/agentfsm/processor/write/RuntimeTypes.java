package dev.agentfsm.processor.write;

import com.palantir.javapoet.ClassName;

/** The runtime and annotation types generated code refers to. */
final class RuntimeTypes {

    private static final String RUNTIME = "dev.agentfsm.runtime";

    static final ClassName STATE_MANAGER = ClassName.get(RUNTIME, "StateManager");
    static final ClassName TRANSITION_TABLE = ClassName.get(RUNTIME, "TransitionTable");
    static final ClassName AGENT_STATE = ClassName.get(RUNTIME, "AgentState");
    static final ClassName NEXT = ClassName.get(RUNTIME, "Next");
    static final ClassName UNKNOWN_STATUS = ClassName.get(RUNTIME, "UnknownStatusException");
    static final ClassName STATUS = ClassName.get(RUNTIME, "Status");
    static final ClassName MOVE = ClassName.get(RUNTIME, "Move");
    static final ClassName TIMEOUT = ClassName.get(RUNTIME, "Timeout");
    static final ClassName TRIGGER = ClassName.get("dev.agentfsm.annotations", "Trigger");

    private RuntimeTypes() {}
}
