package dev.agentfsm.agents.mobile;

import dev.agentfsm.tests.docs.CommittedDocs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The machine pages and SVGs committed in {@code agents-mobile/docs/machines/} are what this build generates. */
class MachineDocsTest {

    @Test
    void committedMachineDocsAreCurrent() {
        CommittedDocs.assertCurrent(
                Path.of("target/classes/META-INF/agentfsm"),
                Path.of("docs/machines"),
                "mvn -B -pl agents-mobile -am verify -DskipTests");
    }
}
