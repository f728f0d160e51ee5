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
import javax.tools.Diagnostic.Kind;
import org.junit.jupiter.api.Test;

/**
 * fsm-processor's README has a catalogue entry for every {@link Rule}, and only for those: its id as
 * a heading, its severity and one-line rule as the enum states them, an example and the fix. The root
 * README's table of what the processor rejects lists every rule but {@link Rule#INTERNAL} too.
 */
class RuleCatalogueTest {

    /** A row of the root README's table: the tag, and {@code (warning} when the rule only warns. */
    private static final Pattern ROOT_ROW = Pattern.compile("(?m)^\\| `\\[agentfsm:(\\w+)\\]`( \\(warning)?[^|]*\\| ");

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
    void theRootReadmesTableListsEveryRuleButInternalWithItsSeverity() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("### What the processor rejects");
        assertWithMessage("the root README's section on what the processor rejects")
                .that(start)
                .isAtLeast(0);
        String table = readme.substring(start, readme.indexOf("\n#", start + 1));
        Matcher rows = ROOT_ROW.matcher(table);
        List<String> listed = new java.util.ArrayList<>();
        while (rows.find()) {
            String id = rows.group(1);
            listed.add(id);
            Rule rule = Arrays.stream(Rule.values())
                    .filter(r -> r.id().equals(id))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("the root README lists " + id + ", which is no Rule"));
            assertWithMessage("whether the root README marks %s as a warning", id)
                    .that(rows.group(2) != null)
                    .isEqualTo(rule.severity() == Kind.WARNING);
        }
        assertThat(listed)
                .containsExactlyElementsIn(Arrays.stream(Rule.values())
                        .filter(r -> r != Rule.INTERNAL)
                        .map(Rule::id)
                        .toList())
                .inOrder();
    }

    @Test
    void idsAreUniqueAndTagsAreWhatMessagesStartWith() {
        assertThat(Arrays.stream(Rule.values()).map(Rule::id).distinct().count())
                .isEqualTo((long) Rule.values().length);
        assertThat(Rule.TERMINAL_EXIT.tag()).isEqualTo("[agentfsm:TerminalExit]");
    }
}
