package dev.agentfsm.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import java.util.List;

/**
 * The attribute names this module writes: the machine's own ({@code agentfsm.*}) and the GenAI
 * semantic conventions' ({@code gen_ai.*}) it uses on LLM and tool calls.
 */
public final class FsmAttributes {
    private FsmAttributes() {}

    /** The machine that runs the round or step. */
    public static final AttributeKey<String> MACHINE = AttributeKey.stringKey("agentfsm.machine");
    /** The state a step runs. */
    public static final AttributeKey<String> STATE = AttributeKey.stringKey("agentfsm.state");
    /** The session's id. */
    public static final AttributeKey<String> SESSION = AttributeKey.stringKey("agentfsm.session");
    /** The round's number in its session, from 1. */
    public static final AttributeKey<Long> ROUND = AttributeKey.longKey("agentfsm.round");
    /** The step's number in its round, from 1. */
    public static final AttributeKey<Long> STEP = AttributeKey.longKey("agentfsm.step");
    /** The agent acting in a step. */
    public static final AttributeKey<String> AGENT = AttributeKey.stringKey("agentfsm.agent");
    /** Whether a step was replayed from the session's journal. */
    public static final AttributeKey<Boolean> REPLAYED = AttributeKey.booleanKey("agentfsm.replayed");
    /** The move a step made, {@code FROM->TO} (state names of the step's machine and the target's). */
    public static final AttributeKey<String> MOVE = AttributeKey.stringKey("agentfsm.move");
    /** The state a step moved to. */
    public static final AttributeKey<String> TO = AttributeKey.stringKey("agentfsm.to");
    /** The machine of the state a step handed off to, when it is another machine. */
    public static final AttributeKey<String> TO_MACHINE = AttributeKey.stringKey("agentfsm.to_machine");
    /** The move's trigger ({@code LLM}, {@code SYSTEM}, ...). */
    public static final AttributeKey<String> TRIGGER = AttributeKey.stringKey("agentfsm.trigger");
    /** How a round (or the step that ended it) ended: an {@link dev.agentfsm.runtime.Outcome}'s name. */
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("agentfsm.outcome");
    /** Why a round ended, in a sentence. */
    public static final AttributeKey<String> REASON = AttributeKey.stringKey("agentfsm.reason");
    /** How many steps a round took. */
    public static final AttributeKey<Long> STEPS = AttributeKey.longKey("agentfsm.steps");
    /** The state a round ended in. */
    public static final AttributeKey<String> FINAL_STATE = AttributeKey.stringKey("agentfsm.final_state");
    /** The states a round went through, in order. */
    public static final AttributeKey<List<String>> PATH = AttributeKey.stringArrayKey("agentfsm.path");
    /** On the {@code agentfsm.steps} counter: {@code moved}, or the outcome of the step that ended the round. */
    public static final AttributeKey<String> STEP_END = AttributeKey.stringKey("agentfsm.step_end");
    /** A device call's kind: {@code observe} or {@code action}. */
    public static final AttributeKey<String> DEVICE = AttributeKey.stringKey("agentfsm.device");

    /** GenAI: the operation ({@code chat}, {@code execute_tool}). */
    public static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
    /** GenAI: the provider ({@code openai}, ...); the conventions' successor of {@code gen_ai.system}. */
    public static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("gen_ai.provider.name");
    /** GenAI: the model asked for. */
    public static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    /** GenAI: the model that answered. */
    public static final AttributeKey<String> RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
    /** GenAI: the tokens the request took. */
    public static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    /** GenAI: the tokens the reply took. */
    public static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    /** GenAI: why the model stopped. */
    public static final AttributeKey<List<String>> FINISH_REASONS =
            AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
    /** GenAI: the session an LLM call belongs to, when a session's step makes it; on spans only, never on metrics. */
    public static final AttributeKey<String> CONVERSATION = AttributeKey.stringKey("gen_ai.conversation.id");
    /** GenAI: {@code json} when the request asks for a reply that follows a JSON schema. */
    public static final AttributeKey<String> OUTPUT_TYPE = AttributeKey.stringKey("gen_ai.output.type");
    /** GenAI: {@code input} or {@code output}, on the token-usage histogram. */
    public static final AttributeKey<String> TOKEN_TYPE = AttributeKey.stringKey("gen_ai.token.type");
    /** GenAI: the tool a call ran (the action's function). */
    public static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
    /** The error's class, when a call failed. */
    public static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
}
