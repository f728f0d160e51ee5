package dev.agentfsm.processor.diagnostic;

import static com.google.common.truth.Truth.assertThat;

import dev.agentfsm.processor.model.Origin;
import javax.tools.Diagnostic.Kind;
import org.junit.jupiter.api.Test;

/** A report counts its errors, keeps its findings in order and does not change once built. */
class ReportTest {

    @Test
    void countsOnlyErrorsAndKeepsTheOrderOfFindings() {
        Report report = Report.builder()
                .add(Rule.MUTABLE_STATE, Origin.NONE, "Open.opened is a non-final instance field")
                .add(Rule.TRAP, Origin.NONE, "STUCK can reach neither a @Terminal state nor a hand-off")
                .note(Rule.MISSING_WHEN, Origin.NONE, "-Aagentfsm.requireWhen is off")
                .add(Rule.UNREACHABLE, Origin.NONE, "AJAR can't be reached")
                .build();

        assertThat(report.errorCount()).isEqualTo(2);
        assertThat(report.hasErrors()).isTrue();
        assertThat(report.diagnostics().stream().map(Diagnostic::kind).toList())
                .containsExactly(Kind.WARNING, Kind.ERROR, Kind.NOTE, Kind.ERROR)
                .inOrder();
        assertThat(report.diagnostics().get(1).text())
                .isEqualTo("[agentfsm:Trap] STUCK can reach neither a @Terminal state nor a hand-off");
    }

    @Test
    void aBuiltReportDoesNotSeeLaterFindings() {
        Report.Builder builder = Report.builder().add(Rule.TRAP, Origin.NONE, "first");
        Report built = builder.build();
        builder.add(Rule.TRAP, Origin.NONE, "second");

        assertThat(built.errorCount()).isEqualTo(1);
        assertThat(builder.build().errorCount()).isEqualTo(2);
        assertThat(Report.builder().build().hasErrors()).isFalse();
    }
}
