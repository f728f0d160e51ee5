package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.llm.LlmException;

/**
 * Where the Operator's CONTINUE step gets its decision from the screen it observed: chat completions
 * with the Operator's JSON schema ({@code OperatorSteps::chat}, the default) or OpenAI's Responses API
 * with its computer-use tool ({@link ResponsesDecisions}). Each Operator has its own, since the
 * Responses API's conversation continues from one step to the next.
 */
@FunctionalInterface
interface DecisionSource {

    /** Asks the model what to do on the screen {@code view} shows; the step's LLM_INTERACTION phase. */
    OperatorDecision decide(OperatorAgent operator, Context context, ScreenView view) throws LlmException;

    /** Forgets the conversation: the next decision starts a new one (a new subtask, a new round). */
    default void reset() {}

    /**
     * What the user asked to confirm the waiting action must read besides the action: the safety checks
     * the Responses API raised for it; empty text when there is nothing more.
     */
    default String caution() {
        return "";
    }
}
