package dev.agentfsm.benchmarks.processor;

import dev.agentfsm.processor.FsmProcessor;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.StandardLocation;

/**
 * The floor under agent-fsm's processor: a processor that claims the same annotations and, in the
 * first round, hands javac's {@code Filer} exactly the files {@link FsmProcessor} wrote for the same
 * sources (their text captured from a real run and held in memory), and does nothing else. What it
 * costs over {@code -proc:none} is the least that any processor writing these files costs: javac's
 * filer, its parsing of the generated sources and its later rounds entering every class again.
 */
final class SameFilesProcessor extends AbstractProcessor {
    private final Captured captured;
    private boolean written;

    SameFilesProcessor(Captured captured) {
        this.captured = captured;
    }

    /**
     * The files of one real run: generated sources by type name, and resources by their path under the
     * class output, each with its text.
     */
    record Captured(Map<String, String> sources, Map<String, String> resources) {

        /** Reads the {@code .java} files under {@code generated} and every file under {@code classes/META-INF}. */
        static Captured read(Path generated, Path classes) throws IOException {
            Map<String, String> sources = new LinkedHashMap<>();
            for (Path source : Javac.sources(generated)) {
                String name = generated.relativize(source).toString();
                sources.put(
                        name.substring(0, name.length() - ".java".length())
                                .replace(source.getFileSystem().getSeparator(), "."),
                        Files.readString(source, StandardCharsets.UTF_8));
            }
            Map<String, String> resources = new LinkedHashMap<>();
            try (Stream<Path> walk = Files.walk(classes.resolve("META-INF"))) {
                for (Path resource : walk.filter(Files::isRegularFile).sorted().toList()) {
                    resources.put(
                            classes.relativize(resource)
                                    .toString()
                                    .replace(resource.getFileSystem().getSeparator(), "/"),
                            Files.readString(resource, StandardCharsets.UTF_8));
                }
            }
            return new Captured(Map.copyOf(sources), Map.copyOf(resources));
        }
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return new FsmProcessor().getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        if (written) {
            return false;
        }
        written = true;
        try {
            for (Map.Entry<String, String> source : captured.sources().entrySet()) {
                try (Writer out = processingEnv
                        .getFiler()
                        .createSourceFile(source.getKey())
                        .openWriter()) {
                    out.write(source.getValue());
                }
            }
            for (Map.Entry<String, String> resource : captured.resources().entrySet()) {
                try (Writer out = new OutputStreamWriter(
                        processingEnv
                                .getFiler()
                                .createResource(StandardLocation.CLASS_OUTPUT, "", resource.getKey())
                                .openOutputStream(),
                        StandardCharsets.UTF_8)) {
                    out.write(resource.getValue());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "the floor processor could not write the captured files: " + e.getMessage(), e);
        }
        return false;
    }
}
