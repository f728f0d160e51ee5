package dev.agentfsm.processor.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.processor.model.MachineModel;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class SvgWriterTest {

    private final MachineModel rich = DiagramMachines.rich();
    private final String plantUml = new PlantUmlWriter().write(rich);

    @Test
    void drawsOneBoxPerStateAndHandOffTarget() throws Exception {
        Document svg = SvgText.parse(new SvgWriter().write(plantUml));
        List<String> texts = SvgText.texts(svg, "text");
        List<String> labels = List.of("START", "WAIT", "LOST", "DONE", "ABORT", "CLOSED", "Host.CONTINUE", "Host.FINISH");
        for (String label : labels) {
            assertEquals(1, Collections.frequency(texts, label), label + " in " + texts);
        }
        assertEquals(labels.size(), svg.getElementsByTagName("rect").getLength(), "one box per node");
        assertTrue(texts.contains("WAIT"), texts.toString());
        assertTrue(texts.contains("on error"), "the implicit onError move of WAIT: " + texts);
        assertTrue(texts.contains("TIMEOUT: no answer in 60 s"), texts.toString());
    }

    @Test
    void isTheSameForTheSameDiagram() throws Exception {
        assertEquals(new SvgWriter().write(plantUml), new SvgWriter().write(plantUml));
    }

    @Test
    void startsWithAFingerprintOfItsSource() throws Exception {
        String svg = new SvgWriter().write(plantUml);
        String other = new SvgWriter().write(new PlantUmlWriter().write(DiagramMachines.describedBy("other")));
        String fingerprint = SvgWriter.fingerprint(svg).orElseThrow();
        assertTrue(fingerprint.matches("<!-- agentfsm-svg [0-9a-f]{64} plantuml \\S+ -->"), fingerprint);
        assertNotEquals(fingerprint, SvgWriter.fingerprint(other).orElseThrow());
        assertTrue(SvgWriter.fingerprint("<svg/>").isEmpty());
    }

    @Test
    void aDiagramPlantUmlRejectsIsAFailureWithItsReason() {
        SvgWriter.Failure failure = assertThrows(SvgWriter.Failure.class,
                () -> new SvgWriter().write("@startuml\nstate A\nA --> \n@enduml\n"));
        assertEquals("PlantUML rejected the generated diagram: Syntax Error? (Assumed diagram type: state) at line 3: A --> ",
                failure.getMessage());
    }

    @Test
    void aLayoutOverTheTimeLimitIsAFailureNotAHang() {
        SvgWriter.Failure failure = assertThrows(SvgWriter.Failure.class,
                () -> new SvgWriter(Duration.ZERO).write(plantUml));
        assertEquals("the layout did not finish within 0 s", failure.getMessage());
    }
}
