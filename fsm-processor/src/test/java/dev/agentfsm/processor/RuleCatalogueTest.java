package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.agentfsm.processor.diagnostic.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * fsm-processor's README has a catalogue entry for every {@link Rule}, and only for those: its id as
 * a heading, its severity and one-line rule as the enum states them, an example and the fix.
 */
class RuleCatalogueTest {

    private static final Pattern ENTRY = Pattern.compile(
            "(?ms)^### `(\\w+)`\\n\\n(\\*\\*\\w+\\*\\*: [^\\n]+)\\n\\n```\\w*\\n(.*?)\\n```\\n\\nFix: ");

    @Test
    void everyRuleHasAnEntryWithItsSeverityRuleExampleAndFix() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        String catalogue =
                readme.substring(readme.indexOf("## Diagnostics"), readme.indexOf("## A machine with errors"));
        Matcher entries = ENTRY.matcher(catalogue);
        List<String> documented = new java.util.ArrayList<>();
        while (entries.find()) {
            String id = entries.group(1);
            documented.add(id);
            Rule rule = Arrays.stream(Rule.values())
                    .filter(r -> r.id().equals(id))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("the README documents " + id + ", which is no Rule"));
            assertThat(entries.group(2))
                    .isEqualTo("**" + rule.severity().name().toLowerCase(Locale.ROOT) + "**: " + rule.rule());
            assertWithMessage("the example of %s", id)
                    .that(entries.group(3).lines().count())
                    .isAtMost(3L);
        }
        assertThat(documented)
                .containsExactlyElementsIn(
                        Arrays.stream(Rule.values()).map(Rule::id).toList())
                .inOrder();
        assertThat(catalogue.split("\\n### ", -1)).hasLength(Rule.values().length + 1);
    }

    @Test
    void idsAreUniqueAndTagsAreWhatMessagesStartWith() {
        assertThat(Arrays.stream(Rule.values()).map(Rule::id).distinct().count())
                .isEqualTo((long) Rule.values().length);
        assertThat(Rule.TERMINAL_EXIT.tag()).isEqualTo("[agentfsm:TerminalExit]");
    }
}
