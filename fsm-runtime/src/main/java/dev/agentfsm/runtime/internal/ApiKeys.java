package dev.agentfsm.runtime.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * API keys in a server's text shown as {@code ***}. A server, or a proxy before it, may echo the key it was sent in an
 * error, and an LLM client over a provider library (LangChain4j, Spring AI) cannot ask the library for its key: keys
 * of the shapes OpenAI and Anthropic ({@code sk-...}) and Google ({@code AIza...}) issue and bearer tokens are hidden
 * by their shape, any other by its value.
 */
public final class ApiKeys {
    /** Keys of the shapes OpenAI and Anthropic ({@code sk-...}) and Google ({@code AIza...}) issue. */
    private static final Pattern KEY_SHAPES = Pattern.compile("\\bsk-[A-Za-z0-9_\\-]{8,}|\\bAIza[0-9A-Za-z_\\-]{30,}");
    /** A bearer token, as a proxy may quote the request's {@code Authorization} header. */
    private static final Pattern BEARER = Pattern.compile("(?i)(bearer\\s+)[A-Za-z0-9._~+/=\\-]{8,}");

    private ApiKeys() {}

    /**
     * {@code text} with each of {@code secrets} and whatever has the shape of a provider's key or a bearer token shown
     * as {@code ***}; hide keys before escaping or cutting text, so that neither can split one.
     */
    public static String hidden(String text, List<String> secrets) {
        String hidden = text;
        for (String secret : secrets) {
            hidden = hidden.replace(secret, "***");
        }
        hidden = KEY_SHAPES.matcher(hidden).replaceAll("***");
        return BEARER.matcher(hidden).replaceAll("$1***");
    }
}
