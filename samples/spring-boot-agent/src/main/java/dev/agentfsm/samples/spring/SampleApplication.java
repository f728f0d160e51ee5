package dev.agentfsm.samples.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application that runs rounds of the LinuxAgent from HTTP requests: {@code POST /rounds} with
 * {@code {"task": "..."}} runs one round on the shell in {@code sample.workspace}, with the Spring AI model the
 * application configures ({@code spring.ai.openai.*}), and answers the round's outcome.
 */
@SpringBootApplication
public class SampleApplication {
    public static void main(String[] args) {
        SpringApplication.run(SampleApplication.class, args);
    }
}
