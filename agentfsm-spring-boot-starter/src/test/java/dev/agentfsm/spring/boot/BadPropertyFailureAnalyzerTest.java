package dev.agentfsm.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/**
 * A real {@code SpringApplication} started with a bad {@code agentfsm.*} property reports it as Spring Boot reports
 * a property it cannot bind: "APPLICATION FAILED TO START", the property and what it allows, and the fix.
 */
@ExtendWith(OutputCaptureExtension.class)
class BadPropertyFailureAnalyzerTest {
    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(AgentFsmAutoConfiguration.class)
    static class Application {}

    @Test
    void aBadPropertyIsReportedWithThePropertyAndTheFix(CapturedOutput output) {
        assertThrows(BeanCreationException.class, () -> start("--agentfsm.max-step=0"));

        assertThat(output.getOut())
                .contains("APPLICATION FAILED TO START")
                .contains("A bad agentfsm.* property: agentfsm.max-step: 0 is not allowed; expected a whole number,"
                        + " at least 1")
                .contains("Set agentfsm.max-step to a whole number, at least 1 where the application is configured"
                        + " (application.properties or .yaml, the environment, the command line), or remove it to"
                        + " take the default.");
    }

    @Test
    void aBadSizeIsReportedInTheUnitsThePropertyTakes(CapturedOutput output) {
        assertThrows(BeanCreationException.class, () -> start("--agentfsm.screenshots.max-bytes=1KB"));

        assertThat(output.getOut())
                .contains("APPLICATION FAILED TO START")
                .contains("Set agentfsm.screenshots.max-bytes to a size from 64KB to 2GB, such as 64MB where");
    }

    private static void start(String... args) {
        SpringApplication application = new SpringApplication(Application.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        application.run(args).close();
    }
}
