package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.FileObject;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The processor's conduct in a compilation: it waits for types generated later and never throws into javac. */
class RobustnessTest {

    @Test
    void aStateGeneratedInALaterRoundIsWaitedFor() {
        Compilation compilation = Compilers.javac()
                .withProcessors(new FsmProcessor(), new AjarGenerator())
                .compile(TestSources.in("deferred"));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation)
                .generatedSourceFile("example.DoorStatus")
                .contentsAsUtf8String()
                .containsMatch("OPEN\\([^)]*\\),\\s+(/\\*\\*[^/]*/\\s+)?AJAR\\(");
        assertThat(compilation)
                .generatedSourceFile("example.DoorMoves")
                .contentsAsUtf8String()
                .contains("public Next toAjar()");
    }

    @Test
    void aStateGeneratedAfterItsMachineWasWrittenIsNotSaidToBeCompiledSeparately() {
        Compilation compilation = Compilers.javac()
                .withProcessors(
                        new FsmProcessor(),
                        new SourceGenerator(
                                "example.Late",
                                "package example;\n\n"
                                        + "@dev.agentfsm.annotations.State(\"LATE\")\n"
                                        + "@dev.agentfsm.annotations.Transition(to = Door.Closed.class, by = dev.agentfsm.annotations.Trigger.USER)\n"
                                        + "public final class Late extends Door.Base {}\n"))
                .compile(TestSources.in("late"));

        // Door was in the same compilation, but its types were written in the first round, without Late
        assertThat(compilation)
                .hadErrorContaining("[agentfsm:NoMachine] Late was generated after its machine, Door, was"
                        + " written in an earlier round; name Late in Door's annotations (a @Transition to it)"
                        + " so that Door waits for it");
        assertThat(compilation).hadErrorCount(1);
    }

    @Test
    void anInternalFailureBecomesAnErrorNotAnExceptionInJavac() {
        Processor failing = new FailingFilerProcessor(new FsmProcessor());

        // compile() would rethrow anything the processor threw
        Compilation compilation =
                Compilers.javac().withProcessors(failing).compile(TestSources.in("cases/MutableStateSuppressed"));

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("[agentfsm:Internal] the agent-fsm processor failed");
        assertThat(compilation).hadErrorContaining("java.lang.IllegalStateException: the disk is full");
        assertThat(compilation).hadErrorCount(1);
    }

    /** Generates {@code example.Ajar}, a state of the Door machine, in the first round. */
    private static final class AjarGenerator extends AbstractProcessor {
        private boolean done;

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (done) {
                return false;
            }
            done = true;
            try (Writer out =
                    processingEnv.getFiler().createSourceFile("example.Ajar").openWriter()) {
                out.write("package example;\n\n"
                        + "@dev.agentfsm.annotations.State(\"AJAR\")\n"
                        + "@dev.agentfsm.annotations.Transition(to = Door.Closed.class, by = dev.agentfsm.annotations.Trigger.USER)\n"
                        + "public final class Ajar extends Door.Base {}\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return false;
        }
    }

    /** Generates one source file in the first round. */
    private static final class SourceGenerator extends AbstractProcessor {
        private final String name;
        private final String text;
        private boolean done;

        SourceGenerator(String name, String text) {
            this.name = name;
            this.text = text;
        }

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (done) {
                return false;
            }
            done = true;
            try (Writer out = processingEnv.getFiler().createSourceFile(name).openWriter()) {
                out.write(text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return false;
        }
    }

    /** Runs a processor with a filer that fails the way a full disk or a broken build tool would. */
    private static final class FailingFilerProcessor extends ForwardingProcessor {
        FailingFilerProcessor(Processor delegate) {
            super(delegate);
        }

        @Override
        public void init(ProcessingEnvironment env) {
            super.init(new ProcessingEnvironment() {
                @Override
                public Map<String, String> getOptions() {
                    return env.getOptions();
                }

                @Override
                public Messager getMessager() {
                    return env.getMessager();
                }

                @Override
                public Filer getFiler() {
                    return new FailingFiler();
                }

                @Override
                public Elements getElementUtils() {
                    return env.getElementUtils();
                }

                @Override
                public Types getTypeUtils() {
                    return env.getTypeUtils();
                }

                @Override
                public SourceVersion getSourceVersion() {
                    return env.getSourceVersion();
                }

                @Override
                public Locale getLocale() {
                    return env.getLocale();
                }
            });
        }
    }

    private static final class FailingFiler implements Filer {
        @Override
        public JavaFileObject createSourceFile(CharSequence name, Element... originatingElements) {
            throw new IllegalStateException("the disk is full");
        }

        @Override
        public JavaFileObject createClassFile(CharSequence name, Element... originatingElements) {
            throw new IllegalStateException("the disk is full");
        }

        @Override
        public FileObject createResource(
                JavaFileManager.Location location,
                CharSequence moduleAndPkg,
                CharSequence relativeName,
                Element... originatingElements) {
            throw new IllegalStateException("the disk is full");
        }

        @Override
        public FileObject getResource(
                JavaFileManager.Location location, CharSequence moduleAndPkg, CharSequence relativeName) {
            throw new IllegalStateException("the disk is full");
        }
    }
}
