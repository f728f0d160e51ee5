package dev.agentfsm.processor.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocsDirectoryTest {

    @TempDir
    Path temp;

    @Test
    void isAbsentWithoutTheOption() throws Exception {
        assertTrue(DocsDirectory.fromOptions(Map.of()).isEmpty());
    }

    @Test
    void createsAMissingDirectory() throws Exception {
        Path dir = temp.resolve("a/b");
        assertEquals(dir, DocsDirectory.fromOptions(Map.of(DocsDirectory.OPTION, dir.toString())).orElseThrow().path());
        assertTrue(Files.isDirectory(dir));
    }

    @Test
    void aBlankValueIsAnError() {
        DocsDirectory.InvalidOption e = assertThrows(DocsDirectory.InvalidOption.class,
                () -> DocsDirectory.fromOptions(Map.of(DocsDirectory.OPTION, " ")));
        assertTrue(e.getMessage().startsWith("-Aagentfsm.docs= : the directory is empty; "), e.getMessage());
    }

    @Test
    void rewritesAPageOnlyWhenItChanged() throws Exception {
        DocsDirectory docs = DocsDirectory.fromOptions(Map.of(DocsDirectory.OPTION, temp.toString())).orElseThrow();
        docs.write("M.md", "one");
        Path page = temp.resolve("M.md");
        Files.setLastModifiedTime(page, java.nio.file.attribute.FileTime.fromMillis(0));
        docs.write("M.md", "one");
        assertEquals(0, Files.getLastModifiedTime(page).toMillis(), "an unchanged page is not touched");
        docs.write("M.md", "two");
        assertEquals("two", Files.readString(page));
    }

    @Test
    void keepsAnSvgRenderedFromTheSameSourceElsewhere() throws IOException, Exception {
        DocsDirectory docs = DocsDirectory.fromOptions(Map.of(DocsDirectory.OPTION, temp.toString())).orElseThrow();
        String fingerprint = SvgWriter.fingerprintComment("@startuml\n@enduml\n");
        Path svg = temp.resolve("M.svg");
        Files.writeString(svg, fingerprint + "\n<svg>drawn with other fonts</svg>");
        docs.write("M.svg", fingerprint + "\n<svg>drawn here</svg>");
        assertEquals(fingerprint + "\n<svg>drawn with other fonts</svg>", Files.readString(svg));
        String changed = SvgWriter.fingerprintComment("@startuml\nstate A\n@enduml\n") + "\n<svg>new</svg>";
        docs.write("M.svg", changed);
        assertEquals(changed, Files.readString(svg));
    }
}
