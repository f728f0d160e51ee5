package dev.agentfsm.tests.docs;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The UFO fixture machines' pages and SVGs, committed in {@code fsm-tests/docs/machines/}, are what
 * this build generates. This is how an agents module wires the same check.
 */
class MachineDocsTest {

    @Test
    void committedMachineDocsAreCurrent() {
        CommittedDocs.assertCurrent(
                Path.of("target/test-classes/META-INF/agentfsm"),
                Path.of("docs/machines"),
                "mvn -B -pl fsm-tests -am verify -DskipTests");
    }
}
