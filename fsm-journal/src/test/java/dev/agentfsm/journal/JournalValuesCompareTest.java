package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A replayed call matches its record when the two are equal as JSON values, whatever the Java types
 * that made them and however the file spelled them; a difference is named by its first path.
 */
class JournalValuesCompareTest {

    /** What a live call asks, from Java values, against what the file holds, read back from its text. */
    private static Optional<String> compare(Object asked, String recorded) throws Exception {
        JsonNode fromFile = JournalValues.JSON.readTree(recorded);
        return JournalValues.firstDifference(JournalValues.canonical(asked), fromFile);
    }

    @Test
    void numbersAreEqualByValueWhateverTheirJavaTypeOrSpelling() throws Exception {
        // the reported bug: an Integer asked (a long node) against the 10 read back (an int node)
        assertEquals(Optional.empty(), compare(Map.of("timeout", 10), "{\"timeout\":10}"));
        assertEquals(Optional.empty(), compare(Map.of("timeout", 10L), "{\"timeout\":10.0}"));
        assertEquals(Optional.empty(), compare(Map.of("timeout", 10.0), "{\"timeout\":1e1}"));
        assertEquals(Optional.empty(), compare(Map.of("big", 12345678901234L), "{\"big\":12345678901234}"));
        assertEquals(Optional.of("timeout: 10 vs 11"), compare(Map.of("timeout", 10), "{\"timeout\":11}"));
        assertEquals(Optional.of("timeout: 0.5 vs 0.25"), compare(Map.of("timeout", 0.5), "{\"timeout\":0.25}"));
    }

    @Test
    void aNumberIsNotTheTextOfIt() throws Exception {
        assertEquals(
                Optional.of("arguments.timeout: 10 vs \"10\""),
                compare(Map.of("arguments", Map.of("timeout", 10)), "{\"arguments\":{\"timeout\":\"10\"}}"));
    }

    @Test
    void textIsEqualByItsCharactersHoweverItWasEscaped() throws Exception {
        assertEquals(
                Optional.empty(), compare(Map.of("q", "caf\u00e9 \u2192 ok"), "{\"q\":\"caf\\u00e9 \\u2192 ok\"}"));
        assertEquals(Optional.empty(), compare(Map.of("q", "a\"b\n"), "{\"q\":\"a\\u0022b\\n\"}"));
        assertEquals(Optional.of("q: \"cafe\" vs \"café\""), compare(Map.of("q", "cafe"), "{\"q\":\"caf\\u00e9\"}"));
    }

    @Test
    void booleansAndNull() throws Exception {
        Map<String, Object> withNull = new LinkedHashMap<>();
        withNull.put("x", null);
        assertEquals(Optional.empty(), compare(Map.of("b", true), "{\"b\":true}"));
        assertEquals(Optional.empty(), compare(withNull, "{\"x\":null}"));
        assertEquals(Optional.of("b: true vs false"), compare(Map.of("b", true), "{\"b\":false}"));
        assertEquals(Optional.of("x: null vs 0"), compare(withNull, "{\"x\":0}"));
        assertEquals(Optional.of("b: true vs \"true\""), compare(Map.of("b", true), "{\"b\":\"true\"}"));
    }

    @Test
    void objectsAreEqualInAnyKeyOrderAndNested() throws Exception {
        Map<String, Object> inOrder = new LinkedHashMap<>();
        inOrder.put("z", 1);
        inOrder.put("a", Map.of("deep", Map.of("n", 2)));
        assertEquals(Optional.empty(), compare(inOrder, "{\"a\":{\"deep\":{\"n\":2.0}},\"z\":1}"));
        assertEquals(Optional.of("a.deep.n: 2 vs 3"), compare(inOrder, "{\"a\":{\"deep\":{\"n\":3}},\"z\":1}"));
        assertEquals(
                Optional.of("a.deep.m: (missing) vs 3"),
                compare(inOrder, "{\"a\":{\"deep\":{\"n\":2,\"m\":3}},\"z\":1}"));
        assertEquals(Optional.of("z: 1 vs (missing)"), compare(inOrder, "{\"a\":{\"deep\":{\"n\":2}}}"));
    }

    @Test
    void arraysAreEqualItemByItemInOrder() throws Exception {
        assertEquals(Optional.empty(), compare(Map.of("l", List.of(1, "two", 3.5)), "{\"l\":[1.0,\"two\",3.5]}"));
        assertEquals(
                Optional.of("l[1]: \"two\" vs \"three\""),
                compare(Map.of("l", List.of(1, "two")), "{\"l\":[1,\"three\"]}"));
        assertEquals(Optional.of("l: 2 items vs 3 items"), compare(Map.of("l", List.of(1, 2)), "{\"l\":[1,2,3]}"));
        assertEquals(Optional.of("l: [1,2] vs {\"0\":1}"), compare(Map.of("l", List.of(1, 2)), "{\"l\":{\"0\":1}}"));
    }

    @Test
    void aTopLevelDifferenceSaysSo() throws Exception {
        assertEquals(Optional.of("(the whole value): \"a\" vs \"b\""), compare("a", "\"b\""));
    }
}
