package dev.agentfsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Many sessions run at once in one JVM, so nothing in the runtime may be a mutable global: every
 * static field of every runtime class is final, and none is an array (whose elements could change).
 */
class NoMutableGlobalsTest {

    @Test
    void everyStaticFieldOfTheRuntimeIsAFinalNonArrayConstant() throws Exception {
        Path classes = Path.of(
                Round.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> offenders = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                String name = classes.relativize(file)
                        .toString()
                        .replace(file.getFileSystem().getSeparator(), ".")
                        .replaceAll("\\.class$", "");
                if (name.endsWith("package-info")) {
                    continue;
                }
                Class<?> type = Class.forName(name, false, getClass().getClassLoader());
                checked++;
                for (Field field : type.getDeclaredFields()) {
                    int modifiers = field.getModifiers();
                    if (!Modifier.isStatic(modifiers) || field.isSynthetic() || field.isEnumConstant()) {
                        continue;
                    }
                    if (!Modifier.isFinal(modifiers) || field.getType().isArray()) {
                        offenders.add(type.getName() + "." + field.getName());
                    }
                }
            }
        }
        assertTrue(checked > 20, "the runtime's classes were found: " + checked);
        assertEquals(List.of(), offenders);
    }
}
