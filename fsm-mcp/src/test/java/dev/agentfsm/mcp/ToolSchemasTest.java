package dev.agentfsm.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which tool schemas the driver uses to check arguments, and the reasons it gives for the others. */
class ToolSchemasTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void realSchemasAreUsed() throws Exception {
        // as zod-to-json-schema writes them (Playwright's and mobile-mcp's servers)
        assertEquals(
                Optional.empty(),
                problem("{\"$schema\":\"http://json-schema.org/draft-07/schema#\","
                        + "\"type\":\"object\",\"properties\":{\"url\":{\"type\":\"string\",\"description\":\"The URL\"}},"
                        + "\"required\":[\"url\"],\"additionalProperties\":false}"));
        // a tree: each reference reads one level deeper into the value
        assertEquals(
                Optional.empty(),
                problem("{\"$defs\":{\"node\":{\"type\":\"object\",\"properties\":{"
                        + "\"children\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/node\"}}}}},"
                        + "\"$ref\":\"#/$defs/node\"}"));
        // names and data that look like keywords are neither
        assertEquals(
                Optional.empty(),
                problem("{\"properties\":{\"$ref\":{\"type\":\"string\"},"
                        + "\"$id\":{\"type\":\"string\"}},\"examples\":[{\"$ref\":\"http://example.com/x\"}],"
                        + "\"default\":{\"$schema\":\"file:///etc/passwd\"}}"));
        // escaped pointers and anchors within the schema
        assertEquals(
                Optional.empty(),
                problem("{\"$defs\":{\"a/b\":{\"type\":\"string\"},\"c\":{\"$anchor\":\"c\","
                        + "\"type\":\"number\"}},\"properties\":{\"x\":{\"$ref\":\"#/$defs/a~1b\"},"
                        + "\"y\":{\"$ref\":\"#c\"},\"z\":{\"$ref\":\"#/%24defs/c\"}}}"));
    }

    @Test
    void referencesOutsideTheSchemaAreRefused() throws Exception {
        assertEquals(
                Optional.of("the $ref \"other.json#/x\" at /properties/a points outside the schema; only references"
                        + " within it (starting with #) are followed"),
                problem("{\"properties\":{\"a\":{\"$ref\":\"other.json#/x\"}}}"));
        assertEquals(
                Optional.of("its $id \"http://example.com/s\" at the top would resolve references against another"
                        + " document; leave $id out"),
                problem("{\"$id\":\"http://example.com/s\",\"type\":\"object\"}"));
        assertEquals(
                Optional.of("its $schema \"http://127.0.0.1:9/meta\" at the top is not a JSON Schema dialect the"
                        + " client knows (draft-04 to 2020-12)"),
                problem("{\"$schema\":\"http://127.0.0.1:9/meta\"}"));
        assertEquals(
                Optional.of("the $ref \"#/$defs/none\" at /properties/x refers to nothing in the schema"),
                problem("{\"properties\":{\"x\":{\"$ref\":\"#/$defs/none\"}}}"));
    }

    @Test
    void loopsThatReadNoInputAreRefused() throws Exception {
        assertEquals(
                Optional.of("the $ref \"#\" at the top leads back to the top without reading any input (a loop)"),
                problem("{\"$ref\":\"#\"}"));
        assertEquals(
                Optional.of("the $ref \"#a\" at /allOf/0 leads back to the top without reading any input (a loop)"),
                problem("{\"$anchor\":\"a\",\"allOf\":[{\"$ref\":\"#a\"}]}"));
        assertEquals(
                Optional.of("the $ref \"#/$defs/b\" at /$defs/a leads back to /$defs/a without reading any input"
                        + " (a loop)"),
                problem("{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"not\":{\"$ref\":\"#/$defs/a\"}}},"
                        + "\"$ref\":\"#/$defs/a\"}"));
    }

    @Test
    void deepAndLargeSchemasAreRefused() throws Exception {
        String deep = "{\"items\":".repeat(70) + "{}" + "}".repeat(70);
        assertEquals(Optional.of("it is nested more than 64 levels deep"), problem(deep));
        StringBuilder wide = new StringBuilder("{\"enumLike\":[");
        for (int i = 0; i < 20_001; i++) {
            wide.append(i == 0 ? "" : ",").append(i);
        }
        assertEquals(
                Optional.of("it has more than 20000 parts"),
                problem(wide.append("]}").toString()));
    }

    @Test
    void aHugeEnumIsRefusedForItsLength() throws Exception {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 30_000; i++) {
            values.append(i == 0 ? "" : ",").append("\"value").append(i).append('"');
        }
        String schema = "{\"type\":\"object\",\"properties\":{\"x\":{\"enum\":[" + values + "]}}}";
        assertEquals(
                Optional.of("it is " + schema.length() + " characters of JSON, more than 100000 (it is sent to the"
                        + " model with every request)"),
                problem(schema));
    }

    @Test
    void keywordsTheValidatorCannotTakeAreRefused() throws Exception {
        assertEquals(
                Optional.of("its \"type\" at /properties/x is 5, not one of array, boolean, integer, null, number,"
                        + " object, string or a list of them"),
                problem("{\"type\":\"object\",\"properties\":{\"x\":{\"type\":5}}}"));
        assertEquals(
                Optional.of("its \"type\" at the top is \"bogus\", not one of array, boolean, integer, null, number,"
                        + " object, string or a list of them"),
                problem("{\"type\":\"bogus\"}"));
        assertEquals(
                Optional.of("its \"pattern\" at /properties/x is \"[\", not a regular expression: Unclosed character"
                        + " class"),
                problem("{\"properties\":{\"x\":{\"type\":\"string\",\"pattern\":\"[\"}}}"));
        assertEquals(
                Optional.of("its \"enum\" at /properties/x is \"red\", not a list"),
                problem("{\"properties\":{\"x\":{\"enum\":\"red\"}}}"));
        assertEquals(
                Optional.empty(),
                problem("{\"type\":[\"string\",\"null\"],\"pattern\":\"^[a-z]+$\",\"enum\":[\"a\"],"
                        + "\"properties\":{\"type\":{\"type\":\"string\"}}}"));
        // what lies under a key that is no keyword (a vendor's extension) is not a schema: it is not checked as one
        assertEquals(
                Optional.empty(),
                problem("{\"type\":\"object\",\"x-ui\":{\"type\":\"slider\",\"pattern\":\"[\"},"
                        + "\"properties\":{\"x\":{\"type\":\"string\",\"x-widget\":{\"enum\":\"red\"}}}}"));
        // within lists and single schemas of keywords it is
        assertEquals(
                Optional.of("its \"type\" at /anyOf/1/items is \"bogus\", not one of array, boolean, integer, null,"
                        + " number, object, string or a list of them"),
                problem("{\"anyOf\":[{\"type\":\"string\"},{\"items\":{\"type\":\"bogus\"}}]}"));
    }

    @SuppressWarnings("unchecked")
    private static Optional<String> problem(String schema) throws Exception {
        return ToolSchemas.problem(JSON.readValue(schema, Map.class));
    }
}
