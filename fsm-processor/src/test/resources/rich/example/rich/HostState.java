package example.rich;

import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.runtime.AgentState;

/**
 * The Host machine: top-level state classes, a fallback, an onError state, a hand-off to App,
 * clean-up moves between terminal states, and texts that need escaping.
 */
@StateMachine(name = "Host",
        initial = ContinueHostState.class,
        fallback = PendingHostState.class,
        onError = ErrorHostState.class,
        description = "Orchestrates a task: picks an application and hands the subtask to its \"App\" agent")
public abstract class HostState implements AgentState<HostAgent> {}
