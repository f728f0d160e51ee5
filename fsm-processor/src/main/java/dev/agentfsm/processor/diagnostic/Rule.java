package dev.agentfsm.processor.diagnostic;

import javax.tools.Diagnostic.Kind;

/**
 * Every diagnostic the processor can print, by its stable id: a message starts with
 * {@code [agentfsm:<id>]}, and fsm-processor's README has a section per id with an example and the
 * fix. Ids never change once published: users search for them.
 */
public enum Rule {
    NOT_A_STATE(
            "NotAState",
            Kind.ERROR,
            "a `@Transition.to`, `@Timeout.to`, `initial`, `fallback` or `onError` names a class without `@State`,"
                    + " or `@Transition`/`@Terminal`/`@Tools`/`@Timeout` sits on a class that is not a `@State`"),
    WRONG_MACHINE("WrongMachine", Kind.ERROR, "`initial`, `fallback` or `onError` names a state of another machine"),
    NO_MACHINE(
            "NoMachine",
            Kind.ERROR,
            "a `@State` class extends no `@StateMachine` type, more than one, or one compiled separately"),
    MACHINE_SHAPE(
            "MachineShape",
            Kind.ERROR,
            "the `@StateMachine` type does not implement `AgentState<A>` with a concrete agent class `A`"),
    STATE_SHAPE(
            "StateShape",
            Kind.ERROR,
            "the generated code can't create a state with `new`, or can't call its `next` method"),
    STATE_NAME(
            "StateName",
            Kind.ERROR,
            "a state name is not UPPER_SNAKE_CASE, or a machine name is not an UpperCamel Java identifier or is too"
                    + " long for the names of the files generated for it"),
    DUPLICATE_STATE(
            "DuplicateState",
            Kind.ERROR,
            "two states of one machine share a name, or the name of their generated helper class"),
    DUPLICATE_MACHINE("DuplicateMachine", Kind.ERROR, "two machines of one package share a name"),
    DUPLICATE_TRANSITION(
            "DuplicateTransition",
            Kind.ERROR,
            "a state declares the same target twice, or two targets whose helper methods would share a name"),
    TERMINAL_EXIT(
            "TerminalExit", Kind.ERROR, "a `@Terminal` state moves back to a non-terminal state of its own machine"),
    INITIAL_TERMINAL("InitialTerminal", Kind.ERROR, "the initial state is `@Terminal`"),
    TIMEOUT_DURATION(
            "TimeoutDuration",
            Kind.ERROR,
            "`@Timeout(after = ...)` is not a positive ISO-8601 duration (`\"PT30S\"`, `\"PT5M\"`, `\"P1D\"`)"),
    TIMEOUT_TARGET(
            "TimeoutTarget",
            Kind.ERROR,
            "`@Timeout(to = ...)` names a state the state declares no `@Transition(..., by = Trigger.TIMEOUT)` to,"
                    + " or a state of another machine"),
    HAND_OFF_NEEDS_NEXT(
            "HandOffNeedsNext", Kind.ERROR, "a state hands off to another machine but declares no `next(agent, to)`"),
    UNREACHABLE(
            "Unreachable",
            Kind.ERROR,
            "a state can't be reached from the initial state, the fallback, the onError state or a hand-off"),
    TRAP("Trap", Kind.ERROR, "a non-terminal state from which neither a terminal state nor a hand-off can be reached"),
    NEVER_ENDS(
            "NeverEnds",
            Kind.ERROR,
            "a terminal state from which neither a round-ending state nor a hand-off can be reached"),
    MUTABLE_STATE(
            "MutableState", Kind.WARNING, "a state has a non-final instance field, but states are shared singletons"),
    MISSING_WHEN(
            "MissingWhen",
            Kind.WARNING,
            "with `-Aagentfsm.requireWhen=true`: a transition chosen by the LLM has no `when` text for the model to read"),
    TOOL_PATTERN(
            "ToolPattern",
            Kind.ERROR,
            "a `@Tools` pattern is not a tool name with `*` wildcards, or a state lists it twice"),
    UNRESOLVED(
            "Unresolved",
            Kind.ERROR,
            "a type named in an annotation never appeared (reported only if nothing else was)"),
    GENERATED_NAME_TAKEN(
            "GeneratedNameTaken", Kind.ERROR, "a type the machine generates already exists in the compilation"),
    BREAKING_CHANGE(
            "BreakingChange",
            Kind.WARNING,
            "with `-Aagentfsm.baseline=<dir>`: against its committed model, a machine removes or renames a state,"
                    + " removes a move, changes whether a state ends the round or where it times out, or changes its"
                    + " initial state, so running sessions' journals no longer resume"),
    INTERNAL("Internal", Kind.ERROR, "the processor itself failed: a bug to report, with the stack trace");

    private final String id;
    private final Kind severity;
    private final String rule;

    Rule(String id, Kind severity, String rule) {
        this.id = id;
        this.severity = severity;
        this.rule = rule;
    }

    /** The stable id, as in {@code [agentfsm:TerminalExit]}. */
    public String id() {
        return id;
    }

    /** Whether breaking the rule fails the compilation ({@code ERROR}) or only warns. */
    public Kind severity() {
        return severity;
    }

    /** The rule in one line, in Markdown, as the README's catalogue states it. */
    public String rule() {
        return rule;
    }

    /** The tag a message starts with: {@code [agentfsm:<id>]}. */
    public String tag() {
        return "[agentfsm:" + id + "]";
    }
}
