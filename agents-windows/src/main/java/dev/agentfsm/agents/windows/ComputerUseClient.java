package dev.agentfsm.agents.windows;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.openai.OpenAiCompatibleClient;
import dev.agentfsm.runtime.llm.LlmException;
import java.util.List;
import java.util.Objects;

/**
 * OpenAI's Responses API with its computer-use tool ({@code computer_use_preview}), for an
 * {@link OperatorAgent} built with {@link OperatorAgent.Builder#responses(ComputerUseClient)}, or the
 * Operators of a host built with {@link HostAgent.Builder#operatorResponses(ComputerUseClient)}: the
 * model answers each screenshot with a {@code computer_call} item instead of a JSON reply. It posts to
 * {@code {baseUrl}/responses} through an {@link OpenAiCompatibleClient}, whose base URL, model, API key,
 * time-outs, deadline, body cap and errors (naming the URL and the HTTP status) it uses as they are; a
 * request is retried only after a 429 or 503, since after another 5xx the response may already be stored
 * (see {@link OpenAiCompatibleClient#post}). A client is immutable; each Operator keeps its own conversation.
 *
 * <pre>{@code
 * OpenAiCompatibleClient openAi = OpenAiCompatibleClient.builder(URI.create("https://api.openai.com/v1"), "computer-use-preview")
 *         .apiKeyFromEnv("OPENAI_API_KEY").timeout(Duration.ofSeconds(120)).build();
 * OperatorAgent operator = OperatorAgent.builder(desktop, openAi).user(user)
 *         .responses(ComputerUseClient.of(openAi))
 *         .build();
 * }</pre>
 *
 * <p>Each request names the tool with the screenshot's size as {@code display_width} and
 * {@code display_height} and the {@link #environment(String) environment} ({@code windows} unless set),
 * asks for a {@code concise} reasoning summary and {@code truncation: auto}, as OpenAI's computer-use
 * guide requires, and repeats the Operator's instructions (the API does not carry them over from the
 * previous response). The first request of a subtask sends the task and the screenshot as an
 * {@code input_text} and an {@code input_image}; every later one continues the conversation with
 * {@code previous_response_id} and answers the last call with a {@code computer_call_output} whose
 * {@code output} is the new screenshot as an {@code input_image} (the guide's form) and whose
 * {@code acknowledged_safety_checks} are the checks the user approved, followed by an
 * {@code input_text} saying what the action did (or why it failed), since the screenshot alone does
 * not say so. The response is read by {@link ComputerCallReader}.
 *
 * <p>Checked here against recorded responses written in the documented shape, on a local server: this
 * machine has no network to OpenAI, so the live API has not answered these requests.
 */
public final class ComputerUseClient {
    /** The environments the tool documents. */
    public static final List<String> ENVIRONMENTS = List.of("windows", "mac", "linux", "ubuntu", "browser");

    private final OpenAiCompatibleClient http;
    private final String environment;

    private ComputerUseClient(OpenAiCompatibleClient http, String environment) {
        this.http = Objects.requireNonNull(http, "http");
        this.environment = environment;
    }

    /** A client posting to {@code http}'s server and naming its model, for a Windows desktop. */
    public static ComputerUseClient of(OpenAiCompatibleClient http) {
        return new ComputerUseClient(http, "windows");
    }

    /**
     * The same client for another environment the tool names ({@code windows}, {@code mac},
     * {@code linux}, {@code ubuntu}, {@code browser}).
     *
     * @throws IllegalArgumentException naming the value and the documented ones
     */
    public ComputerUseClient environment(String environment) {
        Objects.requireNonNull(environment, "environment");
        if (!ENVIRONMENTS.contains(environment)) {
            throw new IllegalArgumentException("'" + environment + "' is not an environment of the computer-use tool;"
                    + " use one of " + String.join(", ", ENVIRONMENTS));
        }
        return new ComputerUseClient(http, environment);
    }

    /** The environment the tool is told about. */
    public String environment() {
        return environment;
    }

    /** A request's fields that every request repeats: model, tool, instructions, reasoning, truncation. */
    ObjectNode request(int width, int height, String instructions) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("model", http.model());
        body.putArray("tools")
                .addObject()
                .put("type", "computer_use_preview")
                .put("display_width", width)
                .put("display_height", height)
                .put("environment", environment);
        body.put("instructions", instructions);
        body.putObject("reasoning").put("summary", "concise");
        body.put("truncation", "auto");
        return body;
    }

    /** Posts {@code body} to the Responses endpoint and reads the response. */
    ComputerCallReader.Turn create(ObjectNode body) throws LlmException {
        return ComputerCallReader.read(http.post("responses", body), "the Responses API (model " + http.model() + ")");
    }

    @Override
    public String toString() {
        return "ComputerUseClient[" + http.model() + ", " + environment + "]";
    }
}
