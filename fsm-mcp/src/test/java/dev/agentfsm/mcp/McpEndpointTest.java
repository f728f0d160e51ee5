package dev.agentfsm.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The HTTP endpoint carries a bearer token without ever showing it. */
class McpEndpointTest {

    private static final String SECRET = "s3cret-token-value";

    @Test
    void bearerTokenIsSentButNeverShown() {
        McpEndpoint.Http http = McpEndpoint.http("http://127.0.0.1:1/mcp").withBearerToken(SECRET);
        assertEquals("Bearer " + SECRET, http.headers().get("Authorization"));
        assertFalse(http.toString().contains(SECRET), http.toString());
        assertFalse(http.label().contains(SECRET), http.label());
        assertTrue(http.toString().contains("Authorization"), http.toString());
    }

    @Test
    void badTokenIsRefusedWithoutEchoingIt() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> McpEndpoint.http("http://127.0.0.1:1/mcp")
                        .withBearerToken("bad token\n"));
        assertFalse(e.getMessage().contains("bad token"), e.getMessage());
    }

    @Test
    void missingEnvironmentVariableIsNamed() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> McpEndpoint.http("http://127.0.0.1:1/mcp")
                        .withBearerTokenFromEnv("AGENTFSM_NO_SUCH_TOKEN_VAR"));
        assertTrue(e.getMessage().contains("AGENTFSM_NO_SUCH_TOKEN_VAR"), e.getMessage());
    }
}
