package dev.agentfsm.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.RuntimeConfig;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The configuration metadata the starter's jar carries for IDEs: every {@code agentfsm.*} property with a default
 * shows it, and those defaults, bound, are the runtime's own.
 */
class ConfigurationMetadataTest {
    /** The properties whose default is "unset": no value to show. */
    private static final Set<String> UNSET = Set.of("agentfsm.llm-call-deadline", "agentfsm.screenshots.dir");

    @Test
    void everyPropertyShowsItsDefaultAndTheDefaultsAreTheRuntimes() throws Exception {
        List<String> defaults = new ArrayList<>();
        List<String> withoutDefault = new ArrayList<>();
        for (JsonNode property : agentfsmMetadata().path("properties")) {
            String name = property.path("name").asText();
            if (!name.startsWith("agentfsm.") || UNSET.contains(name)) {
                continue;
            }
            if (property.has("defaultValue")) {
                defaults.add(name + "=" + property.get("defaultValue").asText());
            } else {
                withoutDefault.add(name);
            }
        }

        assertThat(withoutDefault).isEmpty();
        assertThat(defaults).hasSize(12);
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AgentFsmAutoConfiguration.class))
                .withPropertyValues(defaults.toArray(String[]::new))
                .run(context -> {
                    assertThat(context.getBean(RuntimeConfig.class)).isEqualTo(RuntimeConfig.defaults());
                    assertThat(context.getBean(AgentFsmProperties.class).getSessionsListed())
                            .isEqualTo(new AgentFsmProperties().getSessionsListed());
                });
    }

    /** The starter's metadata, among those of the Spring jars on the class path. */
    private static JsonNode agentfsmMetadata() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (URL url : Collections.list(getClassLoader().getResources("META-INF/spring-configuration-metadata.json"))) {
            try (InputStream in = url.openStream()) {
                JsonNode metadata = json.readTree(in);
                for (JsonNode group : metadata.path("groups")) {
                    if (group.path("type").asText().equals(AgentFsmProperties.class.getName())) {
                        return metadata;
                    }
                }
            }
        }
        throw new AssertionError("no META-INF/spring-configuration-metadata.json describes AgentFsmProperties");
    }

    private static ClassLoader getClassLoader() {
        return ConfigurationMetadataTest.class.getClassLoader();
    }
}
