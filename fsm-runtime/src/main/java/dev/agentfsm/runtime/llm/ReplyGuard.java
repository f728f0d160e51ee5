package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.ReplyRejectedException;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.internal.ToolPatterns;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the LLM for a JSON reply and accepts it only when its status is one the current state may move
 * to. The status is read at a JSON pointer ({@code /status} for a host, {@code /action/status} for
 * app, Linux and mobile agents), trimmed, upper-cased and parsed by the machine's generated table.
 * A guard made {@link #acceptingLists()} also accepts a list where the pointer names a member of an
 * object (UFO's AppAgent may reply with a list of actions where one is expected): the status is the
 * list's last element's, the status the agent moves by once the list has run.
 * The prompt and the JSON schema offer only the statuses the state may reach by {@code Trigger.LLM},
 * each with its state card: the transition's {@code @Transition(when)} text and the target state's
 * {@code @State(description)}, in the instruction appended to the prompt and in the schema's description
 * of the status property. A malformed reply, an unknown or an illegal status gets a corrective re-ask
 * that quotes the valid statuses and their cards, up to {@code jsonParsingRetry} re-asks in all; then
 * {@link ReplyRejectedException}. A re-ask repeats the rejected reply to the model as its own turn, cut
 * to {@value #ECHOED_REPLY_CHARS} characters (the correction says so), so that a huge bad reply does not
 * make every later request huge too.
 *
 * <p>{@link #with(ReplyRule)} adds checks of the rest of the reply, whose failures are re-asked the same
 * way: {@link ReplyRule#toolCalls} checks that a tool call names a tool the state offers, with arguments
 * its schema takes.
 *
 * <p>A reply is one JSON object; the only leniency is a reply wrapped in a Markdown code fence
 * ({@code ```json ... ```}), which models often send. The accepted reply's JSON holds the normalized
 * status, so callers reading it from the JSON see the same status as {@link AgentReply#status()}.
 *
 * <pre>{@code
 * ReplyGuard guard = ReplyGuard.of(llm, "/status", agent.config().jsonParsingRetry());
 * AgentReply reply = guard.ask(EchoStatus.LISTEN, messages);   // the guard builds the reply's schema
 * agent.setStatus(reply.status());
 * }</pre>
 */
public final class ReplyGuard {
    private static final Logger LOG = LoggerFactory.getLogger(ReplyGuard.class);
    private static final int SHOWN_REPLY_CHARS = 300;
    /** The most of a rejected reply a re-ask repeats to the model. */
    static final int ECHOED_REPLY_CHARS = 2_000;

    private final LlmClient client;
    private final JsonPointer statusPointer;
    private final int reasks;
    private final List<ReplyRule> rules;
    private final Supplier<List<ToolSpec>> tools;
    private final boolean lists;

    private ReplyGuard(
            LlmClient client,
            JsonPointer statusPointer,
            int reasks,
            List<ReplyRule> rules,
            Supplier<List<ToolSpec>> tools,
            boolean lists) {
        this.client = client;
        this.statusPointer = statusPointer;
        this.reasks = reasks;
        this.rules = List.copyOf(rules);
        this.tools = tools;
        this.lists = lists;
    }

    /**
     * @param client the model
     * @param statusPointer where the status is in the reply, as a JSON pointer
     * @param reasks corrective re-asks in all ({@code jsonParsingRetry}); 0 or more
     * @throws IllegalArgumentException if the pointer is not a JSON pointer to a member, or {@code reasks} is negative
     */
    public static ReplyGuard of(LlmClient client, String statusPointer, int reasks) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(statusPointer, "statusPointer");
        if (reasks < 0) {
            throw new IllegalArgumentException(
                    "reasks is " + reasks + "; it counts corrective re-asks and must be 0 or more");
        }
        return new ReplyGuard(client, StatusSchema.pointer(statusPointer), reasks, List.of(), List::of, false);
    }

    /**
     * This guard with one more rule a reply must pass once its status is accepted; a reply that breaks
     * it is re-asked like a bad status. Rules run in the order they were added; the first problem counts.
     */
    public ReplyGuard with(ReplyRule rule) {
        Objects.requireNonNull(rule, "rule");
        List<ReplyRule> more = new ArrayList<>(rules);
        more.add(rule);
        return new ReplyGuard(client, statusPointer, reasks, more, tools, lists);
    }

    /**
     * This guard, with each request carrying the tools the asking state offers: those of
     * {@code deviceTools} (asked once per question, such as a driver's {@code tools()}) that its
     * {@code @Tools} patterns choose. A client that offers tools to the model (fsm-langchain4j's) sends
     * them as the provider's tool definitions; the others leave them out.
     */
    public ReplyGuard offering(Supplier<List<ToolSpec>> deviceTools) {
        Objects.requireNonNull(deviceTools, "deviceTools");
        return new ReplyGuard(client, statusPointer, reasks, rules, deviceTools, lists);
    }

    /**
     * This guard, accepting a list where its pointer names a member of an object: the status is then the
     * list's last element's, and is normalized there. UFO's AppAgent reply may carry a list of actions where
     * one is expected ({@code "action": [{...}, {...}]}), the last action's status being the one the agent
     * moves by once the list has run; an empty list has no status. The other elements are the agent's to
     * check, with a {@link #with(ReplyRule) rule}. Without this, a list has no status at the pointer and is
     * re-asked, so an agent that runs one action never meets one.
     */
    public ReplyGuard acceptingLists() {
        return new ReplyGuard(client, statusPointer, reasks, rules, tools, true);
    }

    /** The statuses the state of {@code from} may reach by {@code Trigger.LLM}, in declaration order. */
    public List<Status> offeredStatuses(Status from) {
        return from.llmTargets();
    }

    /**
     * Asks the model for a reply whose only required member is the status, at the guard's pointer
     * (other members the prompt asks for are allowed), and returns the first acceptable reply.
     *
     * @see #ask(Status, List, JsonNode)
     */
    public AgentReply ask(Status from, List<ChatMessage> messages) throws LlmException {
        return ask(from, messages, StatusSchema.of(statusPointer));
    }

    /**
     * Asks the model and returns the first acceptable reply.
     *
     * @param from the status of the state asking
     * @param messages the prompt; the guard appends the status instruction (and re-asks)
     * @param schema the reply's JSON schema; the guard sends a copy whose status property is restricted to
     *     the offered statuses, and leaves this one as it is, so callers may pass a constant
     * @throws LlmException when the model cannot be reached
     * @throws ReplyRejectedException when every re-ask was spent
     * @throws IllegalArgumentException when {@code from} offers no status to the model, or the schema has
     *     no property where the status pointer points
     */
    public AgentReply ask(Status from, List<ChatMessage> messages, JsonNode schema) throws LlmException {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(messages, "messages");
        Objects.requireNonNull(schema, "schema");
        StateCards cards = StateCards.of(from);
        List<Status> offered = cards.statuses();
        if (offered.isEmpty()) {
            throw new IllegalArgumentException(from.qualifiedName()
                    + " declares no transition by Trigger.LLM, so there is no status to ask the model for;"
                    + " declare one, or move from " + from.name() + " in code");
        }
        JsonNode restricted = StatusSchema.restrict(schema, statusPointer, cards);
        ReplyCheck check = new ReplyCheck(statusPointer, from, cards, lists);
        List<ChatMessage> conversation = withInstruction(messages, check.instruction());
        List<ToolSpec> offeredTools = ToolPatterns.offered(tools.get(), from);
        for (int attempt = 0; ; attempt++) {
            LlmReply reply = client.complete(new LlmRequest(conversation, Optional.of(restricted), offeredTools));
            ReplyCheck.Judgement judgement = followRules(from, check.check(reply.content()));
            if (judgement instanceof ReplyCheck.Accepted accepted) {
                return accepted.reply();
            }
            ReplyCheck.Rejected rejected = (ReplyCheck.Rejected) judgement;
            if (attempt == reasks) {
                throw rejection(from, offered, reply, rejected);
            }
            LOG.warn(
                    "{} in {}: re-asking the model ({} of {}): {}",
                    from.machine().name(),
                    from.name(),
                    attempt + 1,
                    reasks,
                    rejected.problem());
            conversation = new ArrayList<>(conversation);
            String content = reply.content();
            conversation.add(ChatMessage.assistant(SafeText.cut(content, ECHOED_REPLY_CHARS)));
            String correction = check.correction(rejected);
            if (content.length() > ECHOED_REPLY_CHARS) {
                correction += " (Your reply was " + content.length() + " characters long; only its first "
                        + ECHOED_REPLY_CHARS + " are repeated above.)";
            }
            conversation.add(ChatMessage.user(correction));
        }
    }

    /** An accepted reply that breaks a rule, as a rejection; anything else as it is. */
    private ReplyCheck.Judgement followRules(Status from, ReplyCheck.Judgement judgement) {
        if (judgement instanceof ReplyCheck.Accepted accepted) {
            for (ReplyRule rule : rules) {
                Optional<String> problem = rule.problem(from, accepted.reply());
                if (problem.isPresent()) {
                    return new ReplyCheck.Rejected(
                            Outcome.ERROR, accepted.reply().status().name(), problem.get());
                }
            }
        }
        return judgement;
    }

    /**
     * The prompt with the status instruction. It joins the last user message when there is one, so a
     * conversation keeps alternating user and assistant turns (some chat templates insist on that).
     */
    private static List<ChatMessage> withInstruction(List<ChatMessage> messages, String instruction) {
        List<ChatMessage> conversation = new ArrayList<>(messages);
        int last = conversation.size() - 1;
        if (last >= 0 && conversation.get(last).role() == ChatMessage.Role.USER) {
            ChatMessage prompt = conversation.get(last);
            conversation.set(last, ChatMessage.user(prompt.text() + "\n\n" + instruction, prompt.images()));
        } else {
            conversation.add(ChatMessage.user(instruction));
        }
        return conversation;
    }

    private ReplyRejectedException rejection(
            Status from, List<Status> offered, LlmReply last, ReplyCheck.Rejected rejected) {
        String lastReply = last.content();
        String shown = SafeText.cut(lastReply, SHOWN_REPLY_CHARS);
        String message = from.machine().name() + " in " + from.name() + ": the model's reply was rejected after "
                + reasks + (reasks == 1 ? " re-ask: " : " re-asks: ") + rejected.problem() + "; the statuses offered"
                + " were " + ReplyCheck.names(offered) + answeredBy(last) + ". Last reply: " + shown;
        return new ReplyRejectedException(rejected.outcome(), from, rejected.status(), offered, lastReply, message);
    }

    /**
     * Who answered, for a rejection: the client as its {@code toString} names it (a client that does not override
     * it, a lambda say, names nothing), and the model the provider says answered.
     */
    private String answeredBy(LlmReply reply) {
        String named = namesItself(client) ? SafeText.line(client.toString(), 120) : "";
        Optional<String> model = reply.model().map(answering -> SafeText.line(answering, 80));
        if (named.isEmpty() && model.isEmpty()) {
            return "";
        }
        return "; the model: " + named + (named.isEmpty() || model.isEmpty() ? "" : ", ")
                + model.map(answering -> "answering as " + answering).orElse("");
    }

    private static boolean namesItself(LlmClient client) {
        try {
            return client.getClass().getMethod("toString").getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            throw new AssertionError("every class has toString()", e);
        }
    }

    /**
     * A further check of a reply whose status {@link ReplyGuard} accepted, such as "the tool it calls is
     * offered in this state and its arguments match the tool's JSON Schema". A reply with a problem gets
     * the same corrective re-ask as a bad status, within the same count of re-asks, and the tool is never
     * called with it.
     */
    @FunctionalInterface
    public interface ReplyRule {

        /**
         * What is wrong with {@code reply}, as a sentence fragment addressed to the model (it follows
         * "Your reply was rejected: "); empty when the reply is fine. Text quoted from the reply is
         * escaped and cut ({@link dev.agentfsm.runtime.internal.SafeText#line}).
         *
         * @param from the status of the state asking
         * @param reply the reply, its status already accepted
         */
        Optional<String> problem(Status from, AgentReply reply);

        /**
         * The rule that a reply's tool call, at {@code action + "/function"} and {@code action + "/arguments"},
         * names a tool the asking state offers (of {@code tools}, asked once per reply, chosen by the state's
         * {@code @Tools}) with arguments that are a JSON object naming only the tool's arguments and holding
         * every one its schema requires; a reply without a tool call passes. A tool call that breaks it is
         * re-asked instead of reaching the device, where it would cost a step. The values are left to the
         * driver (fsm-mcp's {@code ToolCallRule} validates them against the whole JSON Schema).
         *
         * <pre>{@code
         * ReplyGuard guard = ReplyGuard.of(llm, "/action/status", reasks)
         *         .offering(driver::tools)
         *         .with(ReplyRule.toolCalls("/action", driver::tools));
         * }</pre>
         *
         * @param action a JSON pointer to the member holding {@code function} and {@code arguments}, such as
         *     {@code "/action"}, or {@code ""} for the reply's top level
         * @throws IllegalArgumentException if {@code action} is not a JSON pointer
         */
        static ReplyRule toolCalls(String action, Supplier<List<ToolSpec>> tools) {
            Objects.requireNonNull(action, "action");
            Objects.requireNonNull(tools, "tools");
            if (!action.isEmpty() && !action.startsWith("/")) {
                throw new IllegalArgumentException("\"" + action + "\" is not a JSON pointer; write it as \"/" + action
                        + "\", or \"\" for the reply's top level");
            }
            return new ToolCallCheck(action, tools);
        }
    }
}
