// Generated from the backend OpenAPI document by `npm run gen:api`. Do not edit by hand;
// `npm run check:api` fails when this file no longer matches the backend.

export interface paths {
    "/api/v1/admin/client-errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Client error reports grouped by fingerprint, most recent first */
        get: {
            parameters: {
                query?: {
                    kind?: "crash" | "http500" | "token401" | null;
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClientErrorsPage"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/enlisted-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users on the newsletter list, newest first; search matches e-mail or first name */
        get: {
            parameters: {
                query?: {
                    format?: "json" | "csv";
                    page?: number;
                    pageSize?: number;
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The page as JSON; with format=csv a text/csv attachment (email, first_name, enlisted_at, source) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EnlistedPage"];
                        "text/csv": string;
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/freshness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per data source: tickers it last published and the latest snapshot time among them */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Freshness"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Queues, workers, the cron scheduler, the run lock, recent runs and failed jobs */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "queues": [
                         *         {
                         *           "name": "volland-snapshots",
                         *           "queued": 0,
                         *           "started": 1,
                         *           "deferred": 1,
                         *           "scheduled": 0,
                         *           "finished": 412,
                         *           "failed": 1
                         *         }
                         *       ],
                         *       "workers": [
                         *         {
                         *           "name": "host-a.4121",
                         *           "hostname": "host-a",
                         *           "state": "busy",
                         *           "currentJob": "9f1c...",
                         *           "lastHeartbeat": "2026-01-02T15:05:12Z"
                         *         }
                         *       ],
                         *       "schedulers": [
                         *         {
                         *           "name": "volland-scheduler",
                         *           "hostname": "host-a",
                         *           "lastHeartbeat": "2026-01-02T15:05:00Z",
                         *           "jobs": [
                         *             {
                         *               "name": "volland-tick",
                         *               "cron": "*\/5 * * * *",
                         *               "nextEnqueueTime": "2026-01-02T15:10:00Z"
                         *             }
                         *           ]
                         *         }
                         *       ],
                         *       "lock": {
                         *         "holder": "20260102T150500-1a2b3c4d"
                         *       },
                         *       "feed": {
                         *         "source": "databento-live",
                         *         "connected": true,
                         *         "lagSeconds": 0.4,
                         *         "printsPerSecond": 412,
                         *         "feedTime": "2026-01-02T15:04:59.812000+00:00",
                         *         "lastGap": null,
                         *         "lastCheckpoint": "2026-01-02T15:04:59.655000+00:00",
                         *         "reconnects": 1,
                         *         "error": null,
                         *         "holder": "host-a:4242"
                         *       },
                         *       "stall": {
                         *         "stalled": false,
                         *         "lastPublished": "2026-01-02T15:00:00Z",
                         *         "stalledSince": null
                         *       },
                         *       "backfill": {
                         *         "state": "running",
                         *         "profile": "full",
                         *         "asOf": "2026-01-02T03:00:00+00:00",
                         *         "phase": "published",
                         *         "daysDone": 7,
                         *         "daysTotal": 24,
                         *         "warmupDone": 30,
                         *         "warmupTotal": 30,
                         *         "currentDay": null,
                         *         "tickers": 242,
                         *         "startedAt": "2026-01-02T03:01:10Z",
                         *         "updatedAt": "2026-01-02T03:04:40Z",
                         *         "finishedAt": null,
                         *         "pid": 4242,
                         *         "error": null
                         *       },
                         *       "lastPublished": {
                         *         "at": "2026-01-02T15:00:21Z",
                         *         "event": "published",
                         *         "run_id": "20260102T150000-77aa",
                         *         "ts": "2026-01-02T15:00:00+00:00",
                         *         "snapshot_id": "20260102T150000Z-3",
                         *         "tickers": 251
                         *       },
                         *       "lastFailure": null,
                         *       "events": [],
                         *       "failedJobs": []
                         *     }
                         */
                        "application/json": components["schemas"]["JobsOverview"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lms/general-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The academy's general info */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GeneralInfo"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        /** Change the academy's title and/or introduction */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GeneralInfoUpdate"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GeneralInfo"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lms/lessons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lessons of a section, in order */
        get: {
            parameters: {
                query: {
                    sectionId: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Lesson"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        /** Create a lesson at the end of its section */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LessonCreate"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Lesson"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lms/lessons/{lesson_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lesson_id: number;
            };
            cookie?: never;
        };
        /** One lesson */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    lesson_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Lesson"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        /** Edit or reorder a lesson */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    lesson_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LessonUpdate"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Lesson"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        post?: never;
        /** Delete a lesson with its questions and the learners' answers to them */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    lesson_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No Content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lms/questions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Questions of a lesson with their answers and correct flags */
        get: {
            parameters: {
                query: {
                    lessonId: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Question"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        /** Create a question (2 to 8 answers, exactly one correct) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QuestionCreate"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Question"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lms/questions/{question_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                question_id: number;
            };
            cookie?: never;
        };
        /** One question with its answers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    question_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Question"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        /** Edit a question and/or its answers */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    question_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QuestionUpdate"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Question"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        post?: never;
        /** Delete a question */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    question_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No Content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lms/sections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every section, drafts and archived ones included */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Section"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        /** Create a section (status DRAFT, placed last) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SectionCreate"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Section"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lms/sections/{section_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                section_id: number;
            };
            cookie?: never;
        };
        /** One section */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    section_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Section"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        /** Edit, reorder (order), archive (status ARCHIVED) or restore to draft (status DRAFT) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    section_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SectionUpdate"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Section"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lms/sections/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish every DRAFT section (409 when there is none) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PublishResult"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users, newest first; search matches e-mail or first name; filter by tier and role */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    role?: "Admin" | "User" | null;
                    search?: string;
                    tier?: "live" | "30" | "3" | "basic" | "none" | null;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UsersPage"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/admin/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate a tier's slot now (Admin only): what the workers run after a publish, for an operator
         *     whose slot job was lost. A slot after the current market time is refused.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EvaluateSlot"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EvaluateResult"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description slot_in_future: the slot is after the current market time */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every delivery attempt of the user's alerts, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Only items with a smaller id (the next page) */
                    before?: number | null;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Delivery"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/firings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The alerts the user's rules fired, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Only items with a smaller id (the next page) */
                    before?: number | null;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Firing"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's alert rules and the plan's limit */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RuleList"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        /** Create a rule (limits per plan: Live 100, 30: 50, 3: 25, Basic 10) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RuleCreate"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Rule"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No plan: alerts come with a plan */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The plan's rule limit is reached */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An invalid field; unknown_ticker: a ticker the store does not carry; params.<field>: a parameter the kind does not accept (methodology §4.20); webhookUrl: not https to a public address, or missing with the webhook channel */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/rules/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: number;
            };
            cookie?: never;
        };
        /** One rule */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    rule_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Rule"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        /** Delete a rule with its alerts and their delivery log */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    rule_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No Content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        options?: never;
        head?: never;
        /** Edit, pause (isPaused true) or resume a rule */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    rule_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RuleUpdate"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Rule"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An invalid field; unknown_ticker: a ticker the store does not carry; params.<field>: a parameter the kind does not accept (methodology §4.20), a new kind needs its params; webhookUrl: not https to a public address, or missing with the webhook channel */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        trace?: never;
    };
    "/api/v1/alerts/scorecard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The levels scorecard of a ticker as of a time, never past the plan's data cut-off (§4.21) */
        get: {
            parameters: {
                query: {
                    /** @description ISO instant; default and latest: the plan's data cut-off */
                    asOf?: string | null;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Scorecard"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unknown_ticker: a ticker the store does not carry */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-sent events: the user's alerts as they fire, after Last-Event-ID (header or lastEventId) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description text/event-stream: one `alert` event per alert (its id is the event id) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active keys, masked, with creation dates */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKey"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        /** Create a key (at most 2 active); the full key is returned only in this answer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NewApiKey"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Two keys are already active */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No Content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign-in options of this installation (the Google button shows only with a Google client id) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AuthConfig"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/generate-data-api-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a short-lived data token for the /api/v1/data routes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DataToken"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/init-reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a one-time password-reset link (same answer whether or not the address is registered) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InitReset"];
                };
            };
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Message"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in with e-mail and password */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description 'Force oldest session override' ends the oldest session when the session limit is reached */
                    "X-Session-Override"?: string | null;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Login"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TokenPair"];
                    };
                };
                /** @description Session limit reached (send the session-override header to end the oldest session) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/google": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in (or sign up) with a Google ID token */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description 'Force oldest session override' ends the oldest session when the session limit is reached */
                    "X-Session-Override"?: string | null;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GoogleLogin"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TokenPair"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                /** @description Google sign-in is not configured on this installation */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the current session (identified by the bearer access token or the refresh token) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["Logout"];
                };
            };
            responses: {
                /** @description No Content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the refresh token: returns a new access token and refresh token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Refresh"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TokenPair"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset token; ends every session of the account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ResetPassword"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Message"];
                    };
                };
                /** @description `invalid_reset_token`: the token is unknown, used or expired */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and sign it in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Signup"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TokenPair"];
                    };
                };
                /** @description E-mail already registered */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a crash of the web application */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClientError"];
                };
            };
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClientErrorReply"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message to the Volland team */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ContactReply"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream exposures (by strike, or by contract) for a ticker, date range and greek set (Parquet or Arrow IPC)
         * @description Limits per request: at most VOLLAND_EXPORT_MAX_DAYS calendar days (default 366, counting `start` and
         *     `end`; more answers 422 naming `end`) and at most VOLLAND_EXPORT_MAX_ROWS rows (default 8,000,000: a
         *     year of closes or a month of SPX snapshots; more answers 422 `export_too_large` — submit it to
         *     `POST /api/v1/data/export/jobs` instead, up to VOLLAND_EXPORT_JOB_MAX_ROWS rows). Per user: at most
         *     VOLLAND_EXPORT_CONCURRENCY exports running at once (default 2) and VOLLAND_EXPORT_RATE_LIMIT requests
         *     (default 10 per minute, 200 per day); beyond either the answer is 429 with a Retry-After header.
         *     The `X-Rows` header gives the number of rows, `X-Snapshots` the number of snapshots.
         *
         *     Rules between parameters (422 validation_error naming the later one): `end` may not be before `start`;
         *     `expiration_to` may not be before `expiration_from`; `strike_max` may not be below `strike_min`.
         */
        get: {
            parameters: {
                query: {
                    /** @description Last session date yyyy-MM-dd (inclusive; default `start`); `end` may not be before `start` */
                    end?: string;
                    /** @description Only expirations on or after this date (yyyy-MM-dd) */
                    expiration_from?: string;
                    /** @description Only expirations on or before this date (yyyy-MM-dd); `expiration_to` may not be before `expiration_from` */
                    expiration_to?: string;
                    /** @description parquet (default) or arrow (IPC stream) */
                    format?: "parquet" | "arrow";
                    /** @description close (default: the last snapshot of each session, by strike), snapshot (every snapshot, by strike) or contract (every snapshot, one row per contract) */
                    granularity?: "close" | "snapshot" | "contract";
                    /** @description Comma-separated greeks among delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default: all nine) */
                    greeks?: string;
                    /** @description both (default), call or put */
                    kind?: "both" | "call" | "put";
                    /** @description First session date yyyy-MM-dd */
                    start: string;
                    /** @description Only strikes at or below this one; `strike_max` may not be below `strike_min` */
                    strike_max?: number;
                    /** @description Only strikes at or above this one */
                    strike_min?: number;
                    /** @description An underlying the store carries (an unknown one answers 422 unknown_ticker) */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A Parquet file or an Arrow IPC stream (docs/quants.md lists the columns) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters or a rule between them broken (validation_error), a ticker the store does not carry (unknown_ticker), or more rows than VOLLAND_EXPORT_MAX_ROWS (export_too_large: ask for a background export instead) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many export requests from this user in the rate window (rate_limited), or too many of its exports running at once (export_busy) */
                429: {
                    headers: {
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/export/flow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A flow table of the routes volland-live-api-prints, -volume-oi and -put-call (same numbers) as a file
         * @description `table=prints`: every stored classified print of the session up to the snapshot that passes the tape's
         *     filters (expirations, `minPremium`, `side`), oldest first: `ts`, `ticker`, `expiration`, `strike`,
         *     `right`, `size`, `price`, `bid`, `ask`, `premium`, `customer_side`, `dealer_side`, `condition`,
         *     `package_id`. `table=volume_oi`: one row per strike. `table=put_call`: one row per bucket, right and
         *     session (`current`, `previous`). Live, or historical with `date`; cut at the tier's freshness.
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description SPECIFIC/MIXED: comma-separated expiration dates yyyy-MM-dd */
                    dates?: string;
                    /** @description The expirations option (default ALL). SPECIFIC needs 'dates' (MIXED without dates means ALL); CUSTOM needs 'from' and 'to', 'to' not before 'from' and, live, not before the session date */
                    expirations?: "ALL" | "MIXED" | "CUSTOM" | "SPECIFIC" | "TODAY" | "TOMORROW" | "DAY_AFTER_TOMORROW" | "THIS_WEEK" | "NEXT_WEEK" | "THIRTY_NEXT_DAYS" | "THIRD_FRIDAY" | "THIS_MONTH" | "NEXT_MONTH" | "THIS_YEAR" | "NEXT_YEAR";
                    /** @description parquet (default) or arrow (Arrow IPC stream) */
                    format?: "parquet" | "arrow";
                    /** @description CUSTOM: first expiration date */
                    from?: string;
                    /** @description Smallest premium shown, in dollars (default 0) */
                    minPremium?: number;
                    /** @description Page number, from 1 (default 1) */
                    page?: number;
                    /** @description Prints per page (1-200, default 50) */
                    pageSize?: number;
                    /** @description volume_oi: strikes within this many percent of the price (1-50, default 10) */
                    range?: number;
                    /** @description The customer's side: all (default), buy, sell or unclassified */
                    side?: "all" | "buy" | "sell" | "unclassified";
                    /** @description premium: largest first (default); time: latest first */
                    sort?: "premium" | "time";
                    /** @description prints (default): every stored print of the session passing the filters, in time order; volume_oi: the strikes of volland-live-api-volume-oi; put_call: the buckets of volland-live-api-put-call */
                    table?: "prints" | "volume_oi" | "put_call";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                    /** @description CUSTOM: last expiration date (live: a range ending before the session date is refused) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A flow table as a Parquet file or an Arrow IPC stream: the session's classified prints, volume and open interest by strike, or the put/call buckets (docs/quants.md, "Flow") */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a ticker the store does not carry (unknown_ticker), or an expirations selection the grammar refuses */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many export requests from this user (rate_limited) */
                429: {
                    headers: {
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/export/heatmap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The session heatmap of the data route volland-live-api-heatmap (same parameters, same numbers) as a file
         * @description One row per cell of the matrix, in (ts, strike) order: `ts`, `ticker`, `greek`, `strike`, `value` (the
         *     dealer exposure in the greek's unit, null where the snapshot lists no contract at that strike) and
         *     `price` (the underlying at `ts`). Live, or historical with `date`; cut at the tier's freshness.
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description SPECIFIC/MIXED: comma-separated expiration dates yyyy-MM-dd */
                    dates?: string;
                    /** @description The expirations option (default ALL). SPECIFIC needs 'dates' (MIXED without dates means ALL); CUSTOM needs 'from' and 'to', 'to' not before 'from' and, live, not before the session date */
                    expirations?: "ALL" | "MIXED" | "CUSTOM" | "SPECIFIC" | "TODAY" | "TOMORROW" | "DAY_AFTER_TOMORROW" | "THIS_WEEK" | "NEXT_WEEK" | "THIRTY_NEXT_DAYS" | "THIRD_FRIDAY" | "THIS_MONTH" | "NEXT_MONTH" | "THIS_YEAR" | "NEXT_YEAR";
                    /** @description parquet (default) or arrow (Arrow IPC stream) */
                    format?: "parquet" | "arrow";
                    /** @description CUSTOM: first expiration date */
                    from?: string;
                    /** @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default gamma) */
                    greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
                    /** @description Calls and puts (both, the default), calls only or puts only */
                    kind?: "both" | "call" | "put";
                    /** @description Strikes drawn: within this many percent below the session's lowest price and above its highest (1-50, default 5) */
                    range?: number;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                    /** @description CUSTOM: last expiration date (live: a range ending before the session date is refused) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The session heatmap as a Parquet file or an Arrow IPC stream: one row per (snapshot time, strike) cell (docs/quants.md, "Session heatmap") */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a ticker the store does not carry (unknown_ticker), or an expirations selection the grammar refuses */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many export requests from this user (rate_limited) */
                429: {
                    headers: {
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/export/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's background exports still kept, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": "5f0c3d9e8b7a4c21a0d4e6f8b2c1a9d7",
                         *         "status": "running",
                         *         "ticker": "SPX",
                         *         "start": "2026-01-02",
                         *         "end": "2026-01-30",
                         *         "granularity": "contract",
                         *         "format": "parquet",
                         *         "greeks": [
                         *           "gamma",
                         *           "charm"
                         *         ],
                         *         "snapshots": 1560,
                         *         "rows": 11700000,
                         *         "rowsWritten": 4680000,
                         *         "progress": 0.4,
                         *         "bytes": 0,
                         *         "createdAt": "2026-01-31T22:00:00Z",
                         *         "startedAt": "2026-01-31T22:00:01Z",
                         *         "finishedAt": null,
                         *         "expiresAt": "2026-02-01T22:00:00Z",
                         *         "download": null,
                         *         "error": null
                         *       }
                         *     ]
                         */
                        "application/json": components["schemas"]["ExportJob"][];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        /**
         * Submit a background export (same parameters as the export) whose file is downloaded when ready
         * @description For exports over VOLLAND_EXPORT_MAX_ROWS rows (up to VOLLAND_EXPORT_JOB_MAX_ROWS, default
         *     200,000,000). A worker writes the file; poll the status route (`Location`), then download it from
         *     `download`. At most VOLLAND_EXPORT_JOBS_PER_USER exports (default 3) are queued or running per user
         *     (429 export_jobs_busy beyond); files and statuses are kept VOLLAND_EXPORT_JOB_TTL_SECONDS (default
         *     86400) from submission. Counts against the export rate limit.
         *
         *     The export's rules between parameters hold (422 validation_error naming the later one): at most
         *     VOLLAND_EXPORT_MAX_DAYS calendar days from `start` to `end`; `end` may not be before `start`;
         *     `expiration_to` may not be before `expiration_from`; `strike_max` may not be below `strike_min`.
         */
        post: {
            parameters: {
                query: {
                    /** @description Last session date yyyy-MM-dd (inclusive; default `start`); `end` may not be before `start` */
                    end?: string;
                    /** @description Only expirations on or after this date (yyyy-MM-dd) */
                    expiration_from?: string;
                    /** @description Only expirations on or before this date (yyyy-MM-dd); `expiration_to` may not be before `expiration_from` */
                    expiration_to?: string;
                    /** @description parquet (default) or arrow (IPC stream) */
                    format?: "parquet" | "arrow";
                    /** @description close (default: the last snapshot of each session, by strike), snapshot (every snapshot, by strike) or contract (every snapshot, one row per contract) */
                    granularity?: "close" | "snapshot" | "contract";
                    /** @description Comma-separated greeks among delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default: all nine) */
                    greeks?: string;
                    /** @description both (default), call or put */
                    kind?: "both" | "call" | "put";
                    /** @description First session date yyyy-MM-dd */
                    start: string;
                    /** @description Only strikes at or below this one; `strike_max` may not be below `strike_min` */
                    strike_max?: number;
                    /** @description Only strikes at or above this one */
                    strike_min?: number;
                    /** @description An underlying the store carries (an unknown one answers 422 unknown_ticker) */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        /** @description The export's status route */
                        Location?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "5f0c3d9e8b7a4c21a0d4e6f8b2c1a9d7",
                         *       "status": "queued",
                         *       "ticker": "SPX",
                         *       "start": "2026-01-02",
                         *       "end": "2026-01-30",
                         *       "granularity": "contract",
                         *       "format": "parquet",
                         *       "greeks": [
                         *         "gamma",
                         *         "charm"
                         *       ],
                         *       "snapshots": 1560,
                         *       "rows": 11700000,
                         *       "rowsWritten": 0,
                         *       "progress": 0,
                         *       "bytes": 0,
                         *       "createdAt": "2026-01-31T22:00:00Z",
                         *       "startedAt": null,
                         *       "finishedAt": null,
                         *       "expiresAt": "2026-02-01T22:00:00Z",
                         *       "download": null,
                         *       "error": null
                         *     }
                         */
                        "application/json": components["schemas"]["ExportJob"];
                    };
                };
                /** @description Invalid parameters or a rule between them broken (validation_error), a ticker the store does not carry (unknown_ticker), or more rows than VOLLAND_EXPORT_JOB_MAX_ROWS (export_too_large) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests (rate_limited), or VOLLAND_EXPORT_JOBS_PER_USER exports already queued or running (export_jobs_busy) */
                429: {
                    headers: {
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/export/jobs/{export_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                export_id: string;
            };
            cookie?: never;
        };
        /**
         * A background export's status: queued, running (with progress), finished (with `download`) or failed
         *     (with `error`)
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    export_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "5f0c3d9e8b7a4c21a0d4e6f8b2c1a9d7",
                         *       "status": "running",
                         *       "ticker": "SPX",
                         *       "start": "2026-01-02",
                         *       "end": "2026-01-30",
                         *       "granularity": "contract",
                         *       "format": "parquet",
                         *       "greeks": [
                         *         "gamma",
                         *         "charm"
                         *       ],
                         *       "snapshots": 1560,
                         *       "rows": 11700000,
                         *       "rowsWritten": 4680000,
                         *       "progress": 0.4,
                         *       "bytes": 0,
                         *       "createdAt": "2026-01-31T22:00:00Z",
                         *       "startedAt": "2026-01-31T22:00:01Z",
                         *       "finishedAt": null,
                         *       "expiresAt": "2026-02-01T22:00:00Z",
                         *       "download": null,
                         *       "error": null
                         *     }
                         */
                        "application/json": components["schemas"]["ExportJob"];
                    };
                };
                /** @description Unknown, expired or another user's export */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/export/jobs/{export_id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                export_id: string;
            };
            cookie?: never;
        };
        /** Download a finished background export (its owner only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    export_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The export file: Parquet or an Arrow IPC stream, as asked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unknown, expired or another user's export */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not finished yet, or failed (export_not_ready) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The file was already deleted (export_expired) */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/export/levels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The price-and-levels history of a range of sessions: each snapshot's price, zero gamma, call and put
         *     walls, 0DTE paradigm, target and LIS (`table=levels`), or the 5-minute candles (`table=candles`)
         * @description Same authentication, cut-off and rate limit as the exposure export (no API credits); at most
         *     VOLLAND_EXPORT_MAX_DAYS calendar days per request. `X-Rows` gives the rows, `X-Sessions` the sessions.
         */
        get: {
            parameters: {
                query: {
                    /** @description Last session date yyyy-MM-dd (inclusive; default `start`); `end` may not be before `start` */
                    end?: string;
                    /** @description parquet (default) or arrow (IPC stream) */
                    format?: "parquet" | "arrow";
                    /** @description First session date yyyy-MM-dd */
                    start: string;
                    /** @description levels (default: one row per snapshot with the price and its levels) or candles (5-minute OHLC of the underlying) */
                    table?: "levels" | "candles";
                    /** @description An underlying the store carries (an unknown one answers 422 unknown_ticker) */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A Parquet file or an Arrow IPC stream (docs/quants.md, "Levels history") */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No snapshot of the ticker published in the range (no_data) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters or `end` before `start` or a range over VOLLAND_EXPORT_MAX_DAYS (validation_error), or a ticker the store does not carry (unknown_ticker) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many export requests from this user (rate_limited) */
                429: {
                    headers: {
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/export/volatility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A table of the volatility routes (same numbers: methodology §4.17–§4.19) as a file
         * @description `table`: `term_structure` (ATM IV by expiration with the previous close and a week ago), `skew`
         *     (25-delta wings, risk reversal and butterfly by expiration), `smile` (of the expiration nearest to 30
         *     days), `skew_history` and `iv_history` (30-day figures at each session close of 52 weeks) or
         *     `expected_move` (the ATM straddle of every expiration). Live, or historical with `date`; cut at the
         *     tier's freshness. IVs per 1.00, risk reversal and butterfly in vol points, prices in price points.
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description parquet (default) or arrow (Arrow IPC stream) */
                    format?: "parquet" | "arrow";
                    /** @description Which table: term_structure, skew (by expiration), smile (of the default expiration), skew_history, iv_history or expected_move (default term_structure) */
                    table?: "term_structure" | "skew" | "smile" | "skew_history" | "iv_history" | "expected_move";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One volatility table as a Parquet file or an Arrow IPC stream (docs/quants.md, "Volatility") */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error) or a ticker the store does not carry (unknown_ticker) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many export requests from this user (rate_limited) */
                429: {
                    headers: {
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/historical/volland-live-api-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exposure at a past snapshot (``date`` in New York time, 'yyyy-MM-dd HH:mm') */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "ticker": "SPX",
                     *       "greek": "gamma",
                     *       "kind": "both",
                     *       "expirations": {
                     *         "option": "ALL"
                     *       },
                     *       "date": "2026-01-02 15:05",
                     *       "isCumulative": false
                     *     }
                     */
                    "application/json": components["schemas"]["HistoricalBody"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "greek": "charm",
                         *       "kind": "both",
                         *       "isCumulative": false,
                         *       "data": [
                         *         {
                         *           "strike": 5900,
                         *           "value": -152000000,
                         *           "call": -41000000,
                         *           "put": -111000000
                         *         },
                         *         {
                         *           "strike": 5905,
                         *           "value": 23000000,
                         *           "call": 30000000,
                         *           "put": -7000000
                         *         }
                         *       ],
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-05"
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z",
                         *       "levels": {
                         *         "zeroGamma": 5880,
                         *         "callWall": 6000,
                         *         "putWall": 5800
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["ExposureAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or an expirations selection the grammar refuses (SPECIFIC without dates, CUSTOM without 'from'/'to', a range ending before it starts or, live, before the session date) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/historical/volland-live-api-dates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Session dates with published snapshots for a ticker */
        get: {
            parameters: {
                query: {
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "available_dates": [
                         *         "2025-12-31",
                         *         "2026-01-02"
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["DatesAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/historical/volland-live-api-times": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Snapshot times (HH:mm, New York) of a ticker on a date */
        get: {
            parameters: {
                query: {
                    /** @description Session date yyyy-MM-dd */
                    date: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "available_time": [
                         *         "09:30",
                         *         "09:35",
                         *         "09:40"
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["TimesAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/key-levels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Key levels of a list of tickers: spot, walls, zero gamma, 0DTE target and LIS, the straddle's expected
         *     move, each with its change since the previous close. A ticker without data at that time answers a row
         *     whose ``note`` says why
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description The tickers of the list, comma-separated (1 to 20; a ticker named twice is answered once) */
                    tickers: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "rows": [
                         *         {
                         *           "ticker": "SPX",
                         *           "lastModified": "2026-01-02T15:05:00Z",
                         *           "previousCloseAt": "2025-12-31T21:00:00Z",
                         *           "note": null,
                         *           "zeroDte": true,
                         *           "spot": 5903.2,
                         *           "spotChange": 21.6,
                         *           "callWall": 6000,
                         *           "callWallChange": 0,
                         *           "putWall": 5800,
                         *           "putWallChange": -25,
                         *           "zeroGamma": 5871.4,
                         *           "zeroGammaChange": 12.3,
                         *           "target": 5925,
                         *           "targetChange": null,
                         *           "lis": [
                         *             5880
                         *           ],
                         *           "lisChange": null,
                         *           "expectedMove": 41.8,
                         *           "expectedMovePercent": 0.708,
                         *           "expectedMoveChange": -3.1,
                         *           "expectedMoveExpiration": "2026-01-02",
                         *           "expectedMoveStrike": 5905
                         *         }
                         *       ],
                         *       "lastModified": "2026-01-02T15:05:00Z",
                         *       "units": {}
                         *     }
                         */
                        "application/json": components["schemas"]["KeyLevelsAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/next-refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * When the tier's data next changes (wall-clock ISO UTC) for the header countdown, and whether the
         *     snapshot refresh is stalled (market open, nothing published for two 5-minute refreshes)
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "tier": "live",
                         *       "nextRefresh": "2026-01-02T15:10:30Z",
                         *       "lastRefresh": "2026-01-02T15:05:30Z",
                         *       "serverTime": "2026-01-02T15:07:12Z",
                         *       "marketTime": "2026-01-02T15:07:12Z",
                         *       "marketNextRefresh": "2026-01-02T15:10:30Z",
                         *       "marketLastRefresh": "2026-01-02T15:05:30Z",
                         *       "secondsToNextRefresh": 198,
                         *       "replay": false,
                         *       "stalled": false,
                         *       "lastPublished": "2026-01-02T15:05:00Z",
                         *       "stalledSince": null
                         *     }
                         */
                        "application/json": components["schemas"]["NextRefreshAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/screener": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rank tickers by the change of a greek aggregate (or price) over a time frame; answers ``name:value`` */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "flag": "norm",
                     *       "length": 25,
                     *       "superlative": "greatest",
                     *       "greek": "gamma",
                     *       "timeFrame": "three_months",
                     *       "stockPriceRange": {
                     *         "min": 0,
                     *         "max": 500
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ScreenerBody"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "results": [
                         *         "NVDA:1.254",
                         *         "TSLA:0.981"
                         *       ],
                         *       "flag": "norm",
                         *       "greek": "gamma",
                         *       "timeFrame": "three_months",
                         *       "superlative": "greatest",
                         *       "length": 25,
                         *       "lastModified": "2026-01-08T21:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["ScreenerAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters, or a price range whose max is not above its min */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-api-daily-exposure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exposure over all expirations at the last snapshot of a session (``date``, default the latest) */
        get: {
            parameters: {
                query: {
                    /** @description Session date yyyy-MM-dd (default: the latest the tier sees) */
                    date?: string;
                    /** @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default gamma) */
                    greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
                    /** @description Calls and puts (both, the default), calls only or puts only */
                    kind?: "both" | "call" | "put";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "greek": "charm",
                         *       "kind": "both",
                         *       "isCumulative": false,
                         *       "data": [
                         *         {
                         *           "strike": 5900,
                         *           "value": -152000000,
                         *           "call": -41000000,
                         *           "put": -111000000
                         *         },
                         *         {
                         *           "strike": 5905,
                         *           "value": 23000000,
                         *           "call": 30000000,
                         *           "put": -7000000
                         *         }
                         *       ],
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-05"
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z",
                         *       "levels": {
                         *         "zeroGamma": 5880,
                         *         "callWall": 6000,
                         *         "putWall": 5800
                         *       },
                         *       "date": "2026-01-02"
                         *     }
                         */
                        "application/json": components["schemas"]["DailyExposureAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-exposure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dealer exposure by strike for a greek, kind and expirations selection (optionally cumulative) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "ticker": "SPX",
                     *       "greek": "charm",
                     *       "kind": "both",
                     *       "expirations": {
                     *         "option": "THIS_WEEK"
                     *       },
                     *       "isCumulative": false
                     *     }
                     */
                    "application/json": components["schemas"]["ExposureBody"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "greek": "charm",
                         *       "kind": "both",
                         *       "isCumulative": false,
                         *       "data": [
                         *         {
                         *           "strike": 5900,
                         *           "value": -152000000,
                         *           "call": -41000000,
                         *           "put": -111000000
                         *         },
                         *         {
                         *           "strike": 5905,
                         *           "value": 23000000,
                         *           "call": 30000000,
                         *           "put": -7000000
                         *         }
                         *       ],
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-05"
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z",
                         *       "levels": {
                         *         "zeroGamma": 5880,
                         *         "callWall": 6000,
                         *         "putWall": 5800
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["ExposureAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or an expirations selection the grammar refuses (SPECIFIC without dates, CUSTOM without 'from'/'to', a range ending before it starts or, live, before the session date) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-exposure-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exposure by strike now minus an earlier snapshot (previous, session open, previous close or a chosen
         *     time), for the exposure chart's greek, kind, expirations and cumulative flag; live or historical (``date``)
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "ticker": "SPX",
                     *       "greek": "gamma",
                     *       "kind": "both",
                     *       "expirations": {
                     *         "option": "ALL"
                     *       },
                     *       "isCumulative": false,
                     *       "compareWith": "previous_close"
                     *     }
                     */
                    "application/json": components["schemas"]["ExposureChangeBody"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "greek": "gamma",
                         *       "kind": "both",
                         *       "isCumulative": false,
                         *       "data": [
                         *         {
                         *           "strike": 5900,
                         *           "value": -210000000,
                         *           "call": -40000000,
                         *           "put": -170000000
                         *         },
                         *         {
                         *           "strike": 5905,
                         *           "value": 30000000,
                         *           "call": 32000000,
                         *           "put": -2000000
                         *         }
                         *       ],
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-05"
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T19:00:00Z",
                         *       "levels": {
                         *         "zeroGamma": 5880,
                         *         "callWall": 6000,
                         *         "putWall": 5800
                         *       },
                         *       "compareWith": "time",
                         *       "then": {
                         *         "lastModified": "2026-01-02T18:30:00Z",
                         *         "currentPrice": 5897.4
                         *       },
                         *       "profiles": null
                         *     }
                         */
                        "application/json": components["schemas"]["ExposureChangeAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or an expirations selection the grammar refuses (SPECIFIC without dates, CUSTOM without 'from'/'to', a range ending before it starts or, live, before the session date), or a compareTime after the tier's latest refresh (compare_after_cutoff) or after the compared snapshot (compare_after_now), each naming compareTime */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-3d-greeks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Surface of one greek's exposure (or iv) over expirations and strikes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "ticker": "SPX",
                     *       "greek": "gamma",
                     *       "kind": "both"
                     *     }
                     */
                    "application/json": components["schemas"]["SurfaceBody"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "greek": "gamma",
                         *       "kind": "both",
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-16"
                         *       ],
                         *       "strikes": [
                         *         5800,
                         *         5900,
                         *         6000
                         *       ],
                         *       "z": [
                         *         [
                         *           10000000,
                         *           40000000,
                         *           9000000
                         *         ],
                         *         [
                         *           2000000,
                         *           8000000,
                         *           3000000
                         *         ]
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["SurfaceAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-agg_charm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Aggregate charm (all expirations and 0DTE) now and through the session so far */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "greek": "charm",
                         *       "aggregate": -210000000,
                         *       "zerodte_agg_charm": -65000000,
                         *       "series": [
                         *         {
                         *           "t": "2026-01-02T14:30:00Z",
                         *           "aggregate": -190000000,
                         *           "zeroDte": -50000000
                         *         }
                         *       ],
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["AggCharmAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-aggregate-greeks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Aggregate dealer exposure of one greek over every strike and expiration */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default gamma) */
                    greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "greek": "vanna",
                         *       "aggregate": -1840000000,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["AggregateAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-candles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Intraday price candles of the snapshot's session up to the snapshot (frequency in minutes) */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Candle length in minutes: 1, 5, 10 (default), 15, 30 or 60 */
                    frequency?: 1 | 5 | 10 | 15 | 30 | 60;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "candles": [
                         *         {
                         *           "t": "2026-01-02T14:30:00Z",
                         *           "open": 5890.1,
                         *           "high": 5897.4,
                         *           "low": 5888,
                         *           "close": 5895.2
                         *         }
                         *       ],
                         *       "frequency": 10,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["CandlesAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-dealer-liquidity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delta-adjusted dealer spread (and its day-to-day change) and delta-adjusted dealer premium */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deltaAdjustedDealerSpread": 140000000,
                         *       "dayToDayDeltaAdjustedDealerSpread": -20000000,
                         *       "deltaAdjustedDealerPremium": 55000000,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["LiquidityAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-eod": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** End-of-day closes, VIX closes and greek aggregates for the last ``days`` calendar days */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Calendar days of history (1-400, default 30) */
                    days?: number;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "eod": [
                         *         {
                         *           "date": "2025-12-31",
                         *           "close": 5881.6,
                         *           "vixClose": 16.4,
                         *           "aggregates": {
                         *             "gamma": 2200000000
                         *           }
                         *         }
                         *       ],
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["EodAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-expirations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Expirations of a ticker (the tier's current snapshot, or the last one of ``date``).
         * @description A null or empty ticker is a mixed widget group: the answer is the union of ``tickers`` or, without
         *     them, the generic index expirations (every trading day for 45 days, then monthly).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Historical session date yyyy-MM-dd (default: the data the tier sees now) */
                    date?: string;
                    /** @description Symbol; empty, null or undefined for a mixed widget group (see tickers) */
                    ticker?: string;
                    /** @description Comma-separated symbols of a mixed group (union of their expirations; at most 20) */
                    tickers?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-05",
                         *         "2026-01-16"
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["ExpirationsAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for a ticker (on the requested date) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-exposure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Query-string form of volland-exposure (``expirations`` is the option; CUSTOM uses ``from``/``to``,
         *     SPECIFIC uses comma-separated ``dates``; ``tickerType=0dte`` keeps today's expiration only)
         */
        get: {
            parameters: {
                query: {
                    /** @description SPECIFIC/MIXED: comma-separated expiration dates yyyy-MM-dd */
                    dates?: string;
                    /** @description The expirations option (default ALL). SPECIFIC needs 'dates' (MIXED without dates means ALL); CUSTOM needs 'from' and 'to', 'to' not before 'from' and, live, not before the session date */
                    expirations?: "ALL" | "MIXED" | "CUSTOM" | "SPECIFIC" | "TODAY" | "TOMORROW" | "DAY_AFTER_TOMORROW" | "THIS_WEEK" | "NEXT_WEEK" | "THIRTY_NEXT_DAYS" | "THIRD_FRIDAY" | "THIS_MONTH" | "NEXT_MONTH" | "THIS_YEAR" | "NEXT_YEAR";
                    /** @description CUSTOM: first expiration date */
                    from?: string;
                    /** @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default charm) */
                    greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
                    /** @description true for a running sum over strikes (default false) */
                    isCumulative?: boolean;
                    /** @description Calls and puts (both, the default), calls only or puts only */
                    kind?: "both" | "call" | "put";
                    /** @description Alias of expirations */
                    option?: "ALL" | "MIXED" | "CUSTOM" | "SPECIFIC" | "TODAY" | "TOMORROW" | "DAY_AFTER_TOMORROW" | "THIS_WEEK" | "NEXT_WEEK" | "THIRTY_NEXT_DAYS" | "THIRD_FRIDAY" | "THIS_MONTH" | "NEXT_MONTH" | "THIS_YEAR" | "NEXT_YEAR";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                    /** @description 0dte: keep the expiration on the session date only (default all) */
                    tickerType?: "regular" | "0dte" | "all";
                    /** @description CUSTOM: last expiration date (live: a range ending before the session date is refused) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "greek": "charm",
                         *       "kind": "both",
                         *       "isCumulative": false,
                         *       "data": [
                         *         {
                         *           "strike": 5900,
                         *           "value": -152000000,
                         *           "call": -41000000,
                         *           "put": -111000000
                         *         },
                         *         {
                         *           "strike": 5905,
                         *           "value": 23000000,
                         *           "call": 30000000,
                         *           "put": -7000000
                         *         }
                         *       ],
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-05"
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z",
                         *       "levels": {
                         *         "zeroGamma": 5880,
                         *         "callWall": 6000,
                         *         "putWall": 5800
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["ExposureAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or an expirations selection the grammar refuses (SPECIFIC without dates, CUSTOM without 'from'/'to', a range ending before it starts or, live, before the session date) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-ges_strike_list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Greek exposure strike list: the strikes with the largest absolute exposure, largest first */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default gamma) */
                    greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
                    /** @description Calls and puts (both, the default), calls only or puts only */
                    kind?: "both" | "call" | "put";
                    /** @description Number of strikes (1-100, default 10) */
                    limit?: number;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "greek": "gamma",
                         *       "kind": "both",
                         *       "strikes": [
                         *         {
                         *           "strike": 6000,
                         *           "value": 3100000000
                         *         }
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "levels": {
                         *         "zeroGamma": 5880,
                         *         "callWall": 6000,
                         *         "putWall": 5800
                         *       },
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["StrikeListAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-greek-trend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Daily aggregate of a greek over the last 180 days with its 126-session average */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default gamma) */
                    greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "greek": "vanna",
                         *       "trend": [
                         *         {
                         *           "x": "2025-12-31",
                         *           "y": -1700000000
                         *         }
                         *       ],
                         *       "historicalAverage": -1200000000,
                         *       "currentAggregate": -1840000000,
                         *       "modelledThrough": "2025-12-12",
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["TrendAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-greeks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The greeks every exposure route accepts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "greeks": [
                         *         "delta",
                         *         "gamma",
                         *         "vanna",
                         *         "charm",
                         *         "vega",
                         *         "theta",
                         *         "vomma",
                         *         "rho",
                         *         "dag"
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["GreeksAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-heatmap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One greek's dealer exposure per strike (columns) at every snapshot of the session up to the answer's
         *     snapshot (rows), with the underlying price at each; live, or historical with ``date``
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description SPECIFIC/MIXED: comma-separated expiration dates yyyy-MM-dd */
                    dates?: string;
                    /** @description The expirations option (default ALL). SPECIFIC needs 'dates' (MIXED without dates means ALL); CUSTOM needs 'from' and 'to', 'to' not before 'from' and, live, not before the session date */
                    expirations?: "ALL" | "MIXED" | "CUSTOM" | "SPECIFIC" | "TODAY" | "TOMORROW" | "DAY_AFTER_TOMORROW" | "THIS_WEEK" | "NEXT_WEEK" | "THIRTY_NEXT_DAYS" | "THIRD_FRIDAY" | "THIS_MONTH" | "NEXT_MONTH" | "THIS_YEAR" | "NEXT_YEAR";
                    /** @description CUSTOM: first expiration date */
                    from?: string;
                    /** @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default gamma) */
                    greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
                    /** @description Calls and puts (both, the default), calls only or puts only */
                    kind?: "both" | "call" | "put";
                    /** @description Strikes drawn: within this many percent below the session's lowest price and above its highest (1-50, default 5) */
                    range?: number;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                    /** @description CUSTOM: last expiration date (live: a range ending before the session date is refused) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "greek": "gamma",
                         *       "kind": "both",
                         *       "expirations": [
                         *         "2026-01-02"
                         *       ],
                         *       "times": [
                         *         "2026-01-02T14:30:00Z",
                         *         "2026-01-02T14:35:00Z"
                         *       ],
                         *       "strikes": [
                         *         5900,
                         *         5905,
                         *         5910
                         *       ],
                         *       "values": [
                         *         [
                         *           120000000,
                         *           -30000000,
                         *           null
                         *         ],
                         *         [
                         *           110000000,
                         *           -25000000,
                         *           4000000
                         *         ]
                         *       ],
                         *       "spot": [
                         *         5903.2,
                         *         5906.8
                         *       ],
                         *       "currentPrice": 5906.8,
                         *       "strikeRange": {
                         *         "percent": 5,
                         *         "low": 5608.04,
                         *         "high": 6202.14
                         *       },
                         *       "unit": {
                         *         "unit": "$ delta per 1 % move",
                         *         "conversions": []
                         *       },
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["HeatmapAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or an expirations selection the grammar refuses (SPECIFIC without dates, CUSTOM without 'from'/'to', a range ending before it starts or, live, before the session date) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-iv_plane": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Implied volatility surface: expirations (rows) by strikes (columns) */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Calls and puts (both, the default), calls only or puts only */
                    kind?: "both" | "call" | "put";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "greek": "iv",
                         *       "kind": "both",
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-16"
                         *       ],
                         *       "strikes": [
                         *         5800,
                         *         5900,
                         *         6000
                         *       ],
                         *       "z": [
                         *         [
                         *           0.18,
                         *           0.15,
                         *           0.13
                         *         ],
                         *         [
                         *           0.19,
                         *           0.17,
                         *           0.15
                         *         ]
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["SurfaceAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-iv-adjusted-vanna": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vanna by strike scaled to a 10 % relative move of that strike's implied volatility (dollars of delta) */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Calls and puts (both, the default), calls only or puts only */
                    kind?: "both" | "call" | "put";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "kind": "both",
                         *       "ivShock": 0.1,
                         *       "data": [
                         *         {
                         *           "strike": 5900,
                         *           "value": 2400000,
                         *           "vanna": 160000000,
                         *           "iv": 0.15
                         *         }
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["IvVannaAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-premium": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dealer premium, all expirations and 0DTE */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "dealerPremium": -32000000,
                         *       "zeroDteDealerPremium": -4100000,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["PremiumAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-prints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The session's classified prints, largest premium first (or latest first), filtered by expirations,
         *     minimum premium and the customer's side, one page at a time; live, or any stored session with ``date``
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description SPECIFIC/MIXED: comma-separated expiration dates yyyy-MM-dd */
                    dates?: string;
                    /** @description The expirations option (default ALL). SPECIFIC needs 'dates' (MIXED without dates means ALL); CUSTOM needs 'from' and 'to', 'to' not before 'from' and, live, not before the session date */
                    expirations?: "ALL" | "MIXED" | "CUSTOM" | "SPECIFIC" | "TODAY" | "TOMORROW" | "DAY_AFTER_TOMORROW" | "THIS_WEEK" | "NEXT_WEEK" | "THIRTY_NEXT_DAYS" | "THIRD_FRIDAY" | "THIS_MONTH" | "NEXT_MONTH" | "THIS_YEAR" | "NEXT_YEAR";
                    /** @description CUSTOM: first expiration date */
                    from?: string;
                    /** @description Smallest premium shown, in dollars (default 0) */
                    minPremium?: number;
                    /** @description Page number, from 1 (default 1) */
                    page?: number;
                    /** @description Prints per page (1-200, default 50) */
                    pageSize?: number;
                    /** @description The customer's side: all (default), buy, sell or unclassified */
                    side?: "all" | "buy" | "sell" | "unclassified";
                    /** @description premium: largest first (default); time: latest first */
                    sort?: "premium" | "time";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                    /** @description CUSTOM: last expiration date (live: a range ending before the session date is refused) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "session": "2026-01-02",
                         *       "expirations": null,
                         *       "total": 1,
                         *       "page": 1,
                         *       "pageSize": 50,
                         *       "prints": [
                         *         {
                         *           "ts": "2026-01-02T15:01:12Z",
                         *           "expiration": "2026-01-16",
                         *           "strike": 5800,
                         *           "right": "P",
                         *           "size": 500,
                         *           "price": 31.2,
                         *           "bid": 31,
                         *           "ask": 31.4,
                         *           "premium": 1560000,
                         *           "customerSide": "buy",
                         *           "dealerSide": "sell",
                         *           "legs": "single",
                         *           "condition": "single",
                         *           "packageId": null
                         *         }
                         *       ],
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["TapeAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or an expirations selection the grammar refuses (SPECIFIC without dates, CUSTOM without 'from'/'to', a range ending before it starts or, live, before the session date) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-put-call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Put/call balance: contracts, premium and dealer-side premium of the classified prints per 5-minute
         *     bucket through the session, the put/call ratios, and the previous session beside; live, or historical
         *     with ``date``
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "bucketMinutes": 5,
                         *       "current": {
                         *         "session": "2026-01-02",
                         *         "times": [
                         *           "2026-01-02T14:30:00Z",
                         *           "2026-01-02T14:35:00Z"
                         *         ],
                         *         "call": {
                         *           "volume": [
                         *             1200,
                         *             900
                         *           ],
                         *           "premium": [
                         *             2100000,
                         *             1400000
                         *           ],
                         *           "dealerPremium": [
                         *             100000,
                         *             -20000
                         *           ]
                         *         },
                         *         "put": {
                         *           "volume": [
                         *             1500,
                         *             700
                         *           ],
                         *           "premium": [
                         *             2600000,
                         *             900000
                         *           ],
                         *           "dealerPremium": [
                         *             -30000,
                         *             50000
                         *           ]
                         *         },
                         *         "totals": {
                         *           "callVolume": 2100,
                         *           "putVolume": 2200,
                         *           "callPremium": 3500000,
                         *           "putPremium": 3500000,
                         *           "callDealerPremium": 80000,
                         *           "putDealerPremium": 20000,
                         *           "volumeRatio": 1.05,
                         *           "premiumRatio": 1
                         *         }
                         *       },
                         *       "previous": null,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["BalanceAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-scatterplot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spot-vol statistics: daily VIX point change against the ticker's % change (252 sessions) */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "rValue": -0.78,
                         *       "slope": -0.71,
                         *       "intercept": 0.05,
                         *       "currentRatio": 1.2,
                         *       "scatterPoints": [
                         *         {
                         *           "x": -1.2,
                         *           "y": 1.1,
                         *           "date": "2025-12-30"
                         *         }
                         *       ],
                         *       "currentPoint": {
                         *         "x": 0.37,
                         *         "y": -0.6
                         *       },
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["ScatterAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ticker summary: price, previous close, VIX, notional volume and vanna stochastic */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "price": 5903.2,
                         *       "previousClose": 5881.6,
                         *       "vix": 15.8,
                         *       "previousVix": 16.4,
                         *       "notionalVolume": 8700000000,
                         *       "vannaStochastic": 0.42,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["SummaryAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-tickers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tickers with data, by type: regular (default), 0dte (an expiration today) or all */
        get: {
            parameters: {
                query?: {
                    /** @description Alias of type */
                    tickerType?: "regular" | "0dte" | "all";
                    /** @description regular (default), 0dte or all */
                    type?: "regular" | "0dte" | "all";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "tickers": [
                         *         "AAPL",
                         *         "QQQ",
                         *         "SPX",
                         *         "SPY"
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["TickersAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-vanna-plane": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vanna exposure by strike (columns) at every snapshot of the session so far (rows) */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "times": [
                         *         "2026-01-02T14:30:00Z",
                         *         "2026-01-02T14:35:00Z"
                         *       ],
                         *       "strikes": [
                         *         5900,
                         *         5905
                         *       ],
                         *       "z": [
                         *         [
                         *           12000000,
                         *           -3000000
                         *         ],
                         *         [
                         *           11000000,
                         *           -2500000
                         *         ]
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["PlaneAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-live-api-volume-oi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Volume and open interest by strike, calls and puts, for an expirations selection, with the change of
         *     open interest since the previous session; live, or historical with ``date``
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description SPECIFIC/MIXED: comma-separated expiration dates yyyy-MM-dd */
                    dates?: string;
                    /** @description The expirations option (default ALL). SPECIFIC needs 'dates' (MIXED without dates means ALL); CUSTOM needs 'from' and 'to', 'to' not before 'from' and, live, not before the session date */
                    expirations?: "ALL" | "MIXED" | "CUSTOM" | "SPECIFIC" | "TODAY" | "TOMORROW" | "DAY_AFTER_TOMORROW" | "THIS_WEEK" | "NEXT_WEEK" | "THIRTY_NEXT_DAYS" | "THIRD_FRIDAY" | "THIS_MONTH" | "NEXT_MONTH" | "THIS_YEAR" | "NEXT_YEAR";
                    /** @description CUSTOM: first expiration date */
                    from?: string;
                    /** @description Strikes drawn: within this many percent of the underlying price (1-50, default 10) */
                    range?: number;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                    /** @description CUSTOM: last expiration date (live: a range ending before the session date is refused) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "expirations": [
                         *         "2026-01-02"
                         *       ],
                         *       "strikes": [
                         *         5900,
                         *         5905
                         *       ],
                         *       "callVolume": [
                         *         1200,
                         *         860
                         *       ],
                         *       "putVolume": [
                         *         2100,
                         *         400
                         *       ],
                         *       "callOpenInterest": [
                         *         15000,
                         *         9000
                         *       ],
                         *       "putOpenInterest": [
                         *         22000,
                         *         7000
                         *       ],
                         *       "callOpenInterestChange": [
                         *         300,
                         *         null
                         *       ],
                         *       "putOpenInterestChange": [
                         *         -150,
                         *         null
                         *       ],
                         *       "previousSnapshot": "2026-01-01T21:00:00Z",
                         *       "totals": {
                         *         "callVolume": 2060,
                         *         "putVolume": 2500,
                         *         "callOpenInterest": 24000,
                         *         "putOpenInterest": 29000,
                         *         "volumeRatio": 1.21,
                         *         "openInterestRatio": 1.21
                         *       },
                         *       "currentPrice": 5903.2,
                         *       "strikeRange": {
                         *         "percent": 10,
                         *         "low": 5312.88,
                         *         "high": 6493.52
                         *       },
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["VolumeOiAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or an expirations selection the grammar refuses (SPECIFIC without dates, CUSTOM without 'from'/'to', a range ending before it starts or, live, before the session date) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-price-levels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The session's 5-minute price candles (optionally with up to 5 earlier sessions) and, at each snapshot,
         *     zero gamma, call wall, put wall (of the chosen expirations) and the 0DTE target and LIS
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "ticker": "SPX",
                     *       "expirations": {
                     *         "option": "ALL"
                     *       },
                     *       "previousSessions": 1
                     *     }
                     */
                    "application/json": components["schemas"]["PriceLevelsBody"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "frequency": 5,
                         *       "style": "candles",
                         *       "sessions": [
                         *         "2026-01-02"
                         *       ],
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-05"
                         *       ],
                         *       "zeroDte": true,
                         *       "candles": [
                         *         {
                         *           "t": "2026-01-02T14:30:00Z",
                         *           "open": 5890.1,
                         *           "high": 5897.4,
                         *           "low": 5888,
                         *           "close": 5895.2
                         *         }
                         *       ],
                         *       "levels": [
                         *         {
                         *           "t": "2026-01-02T14:35:00Z",
                         *           "price": 5895.2,
                         *           "zeroGamma": 5880,
                         *           "callWall": 6000,
                         *           "putWall": 5800,
                         *           "target": 5910,
                         *           "lis": 5870
                         *         }
                         *       ],
                         *       "currentPrice": 5895.2,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["PriceLevelsAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or an expirations selection the grammar refuses (SPECIFIC without dates, CUSTOM without 'from'/'to', a range ending before it starts or, live, before the session date) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-vol-iv-rank": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * IV rank and percentile of the 30-day constant-maturity at-the-money IV over 52 weeks of session closes,
         *     and the at-the-money straddle (expected move) of every expiration
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "currentPrice": 5903.2,
                         *       "iv30": 0.142,
                         *       "ivRank": 38.5,
                         *       "ivPercentile": 41,
                         *       "low": 0.11,
                         *       "high": 0.193,
                         *       "sessions": 251,
                         *       "windowStart": "2025-01-03",
                         *       "history": [
                         *         {
                         *           "date": "2025-12-31",
                         *           "iv30": 0.139
                         *         }
                         *       ],
                         *       "expectedMoves": [
                         *         {
                         *           "expiration": "2026-01-02",
                         *           "days": 0,
                         *           "strike": 5905,
                         *           "call": 9.1,
                         *           "put": 10.8,
                         *           "points": 19.9,
                         *           "percent": 0.337
                         *         }
                         *       ],
                         *       "units": {
                         *         "iv30": {
                         *           "unit": "implied volatility per 1.00 (0.15 = 15 %)",
                         *           "conversions": []
                         *         }
                         *       },
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["IvRankAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-vol-skew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The smile of one expiration against strike and delta, the 25-delta risk reversal and butterfly of every
         *     expiration, and the 30-day constant-maturity ones at each session close of the last 52 weeks
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description The expiration whose smile is drawn (default: the one nearest to 30 calendar days; an expiration the snapshot does not list is replaced by that default) */
                    expiration?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "expiration": "2026-01-30",
                         *       "expirations": [
                         *         "2026-01-16",
                         *         "2026-01-30"
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "forward": 5910.4,
                         *       "atmIv": 0.141,
                         *       "smile": [
                         *         {
                         *           "strike": 5800,
                         *           "logMoneyness": -0.0188,
                         *           "delta": -0.33,
                         *           "iv": 0.158,
                         *           "side": "P"
                         *         }
                         *       ],
                         *       "byExpiration": [
                         *         {
                         *           "expiration": "2026-01-30",
                         *           "days": 28,
                         *           "atmIv": 0.141,
                         *           "call25Iv": 0.122,
                         *           "put25Iv": 0.183,
                         *           "riskReversal": -6.1,
                         *           "butterfly": 1.15
                         *         }
                         *       ],
                         *       "riskReversal30": -6,
                         *       "butterfly30": 1.1,
                         *       "history": [
                         *         {
                         *           "date": "2025-12-31",
                         *           "riskReversal": -5.8,
                         *           "butterfly": 1
                         *         }
                         *       ],
                         *       "units": {
                         *         "iv": {
                         *           "unit": "implied volatility per 1.00 (0.15 = 15 %)",
                         *           "conversions": []
                         *         }
                         *       },
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["SkewAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/volland-vol-term-structure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * At-the-money implied volatility by expiration on forward moneyness, with the same expirations at the
         *     previous close and five sessions back; live, or historical with ``date``
         */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "currentPrice": 5903.2,
                         *       "iv30": 0.142,
                         *       "points": [
                         *         {
                         *           "expiration": "2026-01-16",
                         *           "days": 14,
                         *           "forward": 5907.1,
                         *           "atmIv": 0.138,
                         *           "previousClose": 0.141,
                         *           "weekAgo": 0.129
                         *         }
                         *       ],
                         *       "previousCloseAt": "2026-01-01T21:00:00Z",
                         *       "weekAgoAt": "2025-12-24T18:00:00Z",
                         *       "units": {
                         *         "atmIv": {
                         *           "unit": "implied volatility per 1.00 (0.15 = 15 %)",
                         *           "conversions": []
                         *         }
                         *       },
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["TermStructureAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), or a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/zero_dte/exposure/volland-live-api-zero-dte": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exposure of the 0DTE expiration only */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default charm) */
                    greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
                    /** @description Calls and puts (both, the default), calls only or puts only */
                    kind?: "both" | "call" | "put";
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ticker": "SPX",
                         *       "greek": "charm",
                         *       "kind": "both",
                         *       "isCumulative": false,
                         *       "data": [
                         *         {
                         *           "strike": 5900,
                         *           "value": -152000000,
                         *           "call": -41000000,
                         *           "put": -111000000
                         *         },
                         *         {
                         *           "strike": 5905,
                         *           "value": 23000000,
                         *           "call": 30000000,
                         *           "put": -7000000
                         *         }
                         *       ],
                         *       "expirations": [
                         *         "2026-01-02",
                         *         "2026-01-05"
                         *       ],
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z",
                         *       "levels": {
                         *         "zeroGamma": 5880,
                         *         "callWall": 6000,
                         *         "putWall": 5800
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["ExposureAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or a ticker without an expiration on the session date (not_zero_dte: 'This ticker is not available in 0DTE list. Please change the ticker') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/zero_dte/tickers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tickers with an expiration on the session date (the 0DTE list); with ``date``, that session's list */
        get: {
            parameters: {
                query?: {
                    /** @description Session date yyyy-MM-dd of a historical 0DTE list (default: the tier's latest session) */
                    date?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "tickers": [
                         *         "QQQ",
                         *         "SPX",
                         *         "SPY"
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["TickersAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/zero_dte/volland-live-api-charm-balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 0DTE charm by strike and its total */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "strike": 5900,
                         *           "value": -12000000
                         *         }
                         *       ],
                         *       "aggregate": -65000000,
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["CharmBalanceAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or a ticker without an expiration on the session date (not_zero_dte: 'This ticker is not available in 0DTE list. Please change the ticker') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/zero_dte/volland-live-api-paradigm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 0DTE paradigm with its target and lines in the sand, why either is absent, and spot */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "paradigm": "BOFA-LIS",
                         *       "target": null,
                         *       "lis": [
                         *         5850,
                         *         5950
                         *       ],
                         *       "targetReason": "range_paradigm",
                         *       "lisReason": null,
                         *       "currentPrice": 5903.2,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["ParadigmAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or a ticker without an expiration on the session date (not_zero_dte: 'This ticker is not available in 0DTE list. Please change the ticker') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data/zero_dte/volland-live-api-zero-dte": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 0DTE panel: paradigm, target, LIS, 0DTE aggregate charm and option volume */
        get: {
            parameters: {
                query: {
                    /** @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now */
                    date?: string;
                    /** @description Underlying symbol in the universe */
                    ticker: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "paradigm": "GEX-PURE",
                         *       "target": 5925,
                         *       "lis": 5880,
                         *       "targetReason": null,
                         *       "lisReason": null,
                         *       "currentPrice": 5903.2,
                         *       "zerodte_agg_charm": -65000000,
                         *       "total_0dte_opt_vol": 1900000,
                         *       "lastModified": "2026-01-02T15:05:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["ZeroDteAnswer"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed for this account */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No data published for the ticker (at the requested time) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Invalid parameters (validation_error), a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...'), or a ticker without an expiration on the session date (not_zero_dte: 'This ticker is not available in 0DTE list. Please change the ticker') */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enlisted-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the signed-in user is on the newsletter list */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Enlistment"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        /** Join the newsletter list */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Enlistment"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        post?: never;
        /** Unsubscribe from the newsletter list */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Enlistment"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lms/general-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The academy's title, introduction and last update */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GeneralInfo"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public-data/volland-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Total trades, open contracts and number of tickers of the latest published data */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "totalTrades": 1843221,
                         *       "currentOpenTrades": 12873400,
                         *       "numberTickers": 251
                         *     }
                         */
                        "application/json": components["schemas"]["StatsAnswer"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/site/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Outside links (null when not configured), release and error-reporting settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SiteConfig"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/stripe/checkout-session/{price_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                price_id: string;
            };
            cookie?: never;
        };
        /** Start a checkout for a price (subscription or single payment by the price); returns its url */
        get: {
            parameters: {
                query?: {
                    fp_ref?: string | null;
                    productType?: "volland" | "volland-api";
                };
                header?: never;
                path: {
                    price_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Url"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API plans need a Live subscription */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown price */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Already subscribed: use the billing portal */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                /** @description The payment provider could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Purchasing is not available on this installation (billing_unavailable: no Stripe key and no provider chosen, or off) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/stripe/portal-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open the billing portal (change or cancel the plan); returns its url.
         * @description With the embedded provider the url opens the portal once, within two minutes, and only while the
         *     session of this access token lives.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Url"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No billing account yet */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The payment provider could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Purchasing is not available on this installation (billing_unavailable: no Stripe key and no provider chosen, or off) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/stripe/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Plans for sale: subscription tiers, or API request packs with productType=volland-api.
         * @description Regular plans are limited to the tiers' product ids; with an access token the user's current
         *     plan (regular) or current API plan name (api) is left out. Sorted by price, a null price first.
         *     ``payments`` says whether buying is real, test payments (nothing charged) or off here; the list is
         *     the same catalogue either way.
         */
        get: {
            parameters: {
                query?: {
                    /** @description volland-api lists the API request packs */
                    productType?: "volland" | "volland-api";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProductList"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                /** @description The payment provider could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe events (signed with the webhook secret), each applied once: per event id, per Checkout
         *     Session (its credits) and per invoice (a pack's credits)
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookReceipt"];
                    };
                };
                /** @description Bad signature (or too old) (invalid_signature), or not an event this server can apply: a field read has the wrong type (invalid_payload) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description event_conflict: other events for the same checkout, subscription or invoice were applied at the same time; nothing changed, deliver it again */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Stripe webhooks are not configured */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user with roles, subscriptions and plan */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        /** Change the first name and/or the password (the current password is required to change it) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UserUpdate"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description `invalid_password`: the current password is not correct */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{userId}/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        /** Invoices of the signed-in user (own id only; empty until billing is enabled) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Invoice"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/lms/lessons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lessons of a published section, with isFinished */
        get: {
            parameters: {
                query: {
                    sectionId: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LearnerLesson"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/lms/lessons/{lesson_id}/next-question": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lesson_id: number;
            };
            cookie?: never;
        };
        /** The first question not answered yet (without the correct answer) and the score so far */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    lesson_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NextQuestion"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/lms/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lessons started or finished (score per lesson) and the learner's points */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LmsProgress"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        /** Mark a lesson finished (409 while its quiz has unanswered questions) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProgressUpdate"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LmsProgress"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Same as PUT */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProgressUpdate"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LmsProgress"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        trace?: never;
    };
    "/api/v1/users/lms/questions/{question_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                question_id: number;
            };
            cookie?: never;
        };
        /** A question; the correct flags and explanation only once the learner has answered it */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    question_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Question"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/lms/questions/{question_id}/answers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                question_id: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer a question once: the server checks it and keeps the score (409 when answered before) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    question_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UserAnswerInput"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnswerResult"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/lms/sections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published sections with the learner's progress (includeDrafts=true adds drafts, admins only) */
        get: {
            parameters: {
                query?: {
                    /** @description Admins only (403 otherwise) */
                    includeDrafts?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LearnerSection"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/volland": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Same call as POST: one item in the query string (or a JSON body, as with POST)
         * @description Each item in `requests` costs 1 API credit, charged as the item is answered and refunded when the item finds no data. The answer is a list aligned with the request: `answers[i]` answers `requests[i]`, with `data`, or `data: null` and an `error`. Items are answered in order; once credits run out, the remaining items carry an `out_of_credits` error and the status is 207. The `X-Credits-Remaining` header shows the balance left, `X-Items-Served` the items answered.
         */
        get: {
            parameters: {
                query: {
                    /** @description Without a JSON body: one item as query parameters (request_type, ticker, and the fields its type requires) */
                    item: components["schemas"]["PublicApiItemQuery"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every item was charged; each answer has its data, or its error when the ticker has no data (refunded) */
                200: {
                    headers: {
                        /** @description API credits left after this call */
                        "X-Credits-Remaining": number;
                        /** @description Items answered with data (and charged) */
                        "X-Items-Served": number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "request_type": "exposure_request",
                         *         "ticker": "SPX",
                         *         "greek": "gamma",
                         *         "kind": "both",
                         *         "expirations": [
                         *           "*"
                         *         ],
                         *         "data": {
                         *           "strikes": [
                         *             "5900",
                         *             "5905"
                         *           ],
                         *           "exposures": [
                         *             1200000000,
                         *             -300000000
                         *           ],
                         *           "lastModified": "2026-01-02T15:05:00Z",
                         *           "currentPrice": 5903.2,
                         *           "unit": {
                         *             "unit": "$ delta per 1 % move",
                         *             "conversions": [
                         *               {
                         *                 "to": "$ delta per 1-point move of the underlying",
                         *                 "factor": 0.01694,
                         *                 "rule": "100 / S"
                         *               }
                         *             ]
                         *           }
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       },
                         *       {
                         *         "request_type": "trend_request",
                         *         "ticker": "SPX",
                         *         "greek": "vanna",
                         *         "data": {
                         *           "trend": [
                         *             {
                         *               "x": "2025-12-31",
                         *               "y": -1700000000
                         *             }
                         *           ],
                         *           "unit": {
                         *             "unit": "$ delta per vol point",
                         *             "conversions": []
                         *           },
                         *           "lastModified": "2026-01-02T15:05:00Z"
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       },
                         *       {
                         *         "request_type": "paradigm_request",
                         *         "ticker": "SPX",
                         *         "data": {
                         *           "paradigm": "GEX-PURE",
                         *           "target": 5925,
                         *           "lis": [
                         *             5880
                         *           ],
                         *           "lastModified": "2026-01-02T15:05:00Z",
                         *           "last-modified": "2026-01-02T15:05:00Z"
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       }
                         *     ]
                         */
                        "application/json": components["schemas"]["PublicApiAnswer"][];
                    };
                };
                /** @description Credits ran out part-way: the items after the last credit carry error.code out_of_credits (not charged); the others are answered as with 200 */
                207: {
                    headers: {
                        /** @description API credits left after this call */
                        "X-Credits-Remaining": number;
                        /** @description Items answered with data (and charged) */
                        "X-Items-Served": number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "request_type": "exposure_request",
                         *         "ticker": "SPX",
                         *         "greek": "gamma",
                         *         "kind": "both",
                         *         "expirations": [
                         *           "*"
                         *         ],
                         *         "data": {
                         *           "strikes": [
                         *             "5900",
                         *             "5905"
                         *           ],
                         *           "exposures": [
                         *             1200000000,
                         *             -300000000
                         *           ],
                         *           "lastModified": "2026-01-02T15:05:00Z",
                         *           "currentPrice": 5903.2,
                         *           "unit": {
                         *             "unit": "$ delta per 1 % move",
                         *             "conversions": [
                         *               {
                         *                 "to": "$ delta per 1-point move of the underlying",
                         *                 "factor": 0.01694,
                         *                 "rule": "100 / S"
                         *               }
                         *             ]
                         *           }
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       },
                         *       {
                         *         "request_type": "trend_request",
                         *         "ticker": "SPX",
                         *         "greek": "vanna",
                         *         "data": {
                         *           "trend": [
                         *             {
                         *               "x": "2025-12-31",
                         *               "y": -1700000000
                         *             }
                         *           ],
                         *           "unit": {
                         *             "unit": "$ delta per vol point",
                         *             "conversions": []
                         *           },
                         *           "lastModified": "2026-01-02T15:05:00Z"
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       },
                         *       {
                         *         "request_type": "paradigm_request",
                         *         "ticker": "SPX",
                         *         "data": null,
                         *         "error": {
                         *           "code": "out_of_credits",
                         *           "message": "No API credits left for this item."
                         *         }
                         *       }
                         *     ]
                         */
                        "application/json": components["schemas"]["PublicApiAnswer"][];
                    };
                };
                /** @description Malformed JSON or item (`bad_request`; the message names the item and field), or a well-formed ticker the store does not carry (`unknown_ticker`); nothing is charged */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid key, or no Live subscription */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `out_of_credits`: no API credits left for the first item; nothing is charged */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        /**
         * Answer a list of request items (1 credit each, charged atomically per item)
         * @description Each item in `requests` costs 1 API credit, charged as the item is answered and refunded when the item finds no data. The answer is a list aligned with the request: `answers[i]` answers `requests[i]`, with `data`, or `data: null` and an `error`. Items are answered in order; once credits run out, the remaining items carry an `out_of_credits` error and the status is 207. The `X-Credits-Remaining` header shows the balance left, `X-Items-Served` the items answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "requests": [
                     *         {
                     *           "request_type": "exposure_request",
                     *           "ticker": "SPX",
                     *           "greek": "gamma",
                     *           "kind": "both",
                     *           "expirations": [
                     *             "*"
                     *           ]
                     *         },
                     *         {
                     *           "request_type": "trend_request",
                     *           "ticker": "SPX",
                     *           "greek": "vanna"
                     *         },
                     *         {
                     *           "request_type": "paradigm_request",
                     *           "ticker": "SPX"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PublicApiRequests"];
                };
            };
            responses: {
                /** @description Every item was charged; each answer has its data, or its error when the ticker has no data (refunded) */
                200: {
                    headers: {
                        /** @description API credits left after this call */
                        "X-Credits-Remaining": number;
                        /** @description Items answered with data (and charged) */
                        "X-Items-Served": number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "request_type": "exposure_request",
                         *         "ticker": "SPX",
                         *         "greek": "gamma",
                         *         "kind": "both",
                         *         "expirations": [
                         *           "*"
                         *         ],
                         *         "data": {
                         *           "strikes": [
                         *             "5900",
                         *             "5905"
                         *           ],
                         *           "exposures": [
                         *             1200000000,
                         *             -300000000
                         *           ],
                         *           "lastModified": "2026-01-02T15:05:00Z",
                         *           "currentPrice": 5903.2,
                         *           "unit": {
                         *             "unit": "$ delta per 1 % move",
                         *             "conversions": [
                         *               {
                         *                 "to": "$ delta per 1-point move of the underlying",
                         *                 "factor": 0.01694,
                         *                 "rule": "100 / S"
                         *               }
                         *             ]
                         *           }
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       },
                         *       {
                         *         "request_type": "trend_request",
                         *         "ticker": "SPX",
                         *         "greek": "vanna",
                         *         "data": {
                         *           "trend": [
                         *             {
                         *               "x": "2025-12-31",
                         *               "y": -1700000000
                         *             }
                         *           ],
                         *           "unit": {
                         *             "unit": "$ delta per vol point",
                         *             "conversions": []
                         *           },
                         *           "lastModified": "2026-01-02T15:05:00Z"
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       },
                         *       {
                         *         "request_type": "paradigm_request",
                         *         "ticker": "SPX",
                         *         "data": {
                         *           "paradigm": "GEX-PURE",
                         *           "target": 5925,
                         *           "lis": [
                         *             5880
                         *           ],
                         *           "lastModified": "2026-01-02T15:05:00Z",
                         *           "last-modified": "2026-01-02T15:05:00Z"
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       }
                         *     ]
                         */
                        "application/json": components["schemas"]["PublicApiAnswer"][];
                    };
                };
                /** @description Credits ran out part-way: the items after the last credit carry error.code out_of_credits (not charged); the others are answered as with 200 */
                207: {
                    headers: {
                        /** @description API credits left after this call */
                        "X-Credits-Remaining": number;
                        /** @description Items answered with data (and charged) */
                        "X-Items-Served": number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "request_type": "exposure_request",
                         *         "ticker": "SPX",
                         *         "greek": "gamma",
                         *         "kind": "both",
                         *         "expirations": [
                         *           "*"
                         *         ],
                         *         "data": {
                         *           "strikes": [
                         *             "5900",
                         *             "5905"
                         *           ],
                         *           "exposures": [
                         *             1200000000,
                         *             -300000000
                         *           ],
                         *           "lastModified": "2026-01-02T15:05:00Z",
                         *           "currentPrice": 5903.2,
                         *           "unit": {
                         *             "unit": "$ delta per 1 % move",
                         *             "conversions": [
                         *               {
                         *                 "to": "$ delta per 1-point move of the underlying",
                         *                 "factor": 0.01694,
                         *                 "rule": "100 / S"
                         *               }
                         *             ]
                         *           }
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       },
                         *       {
                         *         "request_type": "trend_request",
                         *         "ticker": "SPX",
                         *         "greek": "vanna",
                         *         "data": {
                         *           "trend": [
                         *             {
                         *               "x": "2025-12-31",
                         *               "y": -1700000000
                         *             }
                         *           ],
                         *           "unit": {
                         *             "unit": "$ delta per vol point",
                         *             "conversions": []
                         *           },
                         *           "lastModified": "2026-01-02T15:05:00Z"
                         *         },
                         *         "source": "synthetic",
                         *         "sourceDelay": 0
                         *       },
                         *       {
                         *         "request_type": "paradigm_request",
                         *         "ticker": "SPX",
                         *         "data": null,
                         *         "error": {
                         *           "code": "out_of_credits",
                         *           "message": "No API credits left for this item."
                         *         }
                         *       }
                         *     ]
                         */
                        "application/json": components["schemas"]["PublicApiAnswer"][];
                    };
                };
                /** @description Malformed JSON or item (`bad_request`; the message names the item and field), or a well-formed ticker the store does not carry (`unknown_ticker`); nothing is charged */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid key, or no Live subscription */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `out_of_credits`: no API credits left for the first item; nothing is charged */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All workspaces of the user, by order */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        put?: never;
        /** Create a workspace (also used to duplicate one: widgets are copied under new ids) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WorkspaceCreate"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace_id: number;
            };
            cookie?: never;
        };
        /** One workspace */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    workspace_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        /** Change name, state, order and/or widgets (fields left out stay as they are) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    workspace_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WorkspaceUpdate"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        post?: never;
        /** Delete a workspace permanently */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    workspace_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No Content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/ordering": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the order of several workspaces at once (all or nothing) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OrderingItem"][];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"][];
                    };
                };
                /** @description Missing, invalid, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                422: components["responses"]["UNPROCESSABLE_ENTITY"];
                default: components["responses"]["DEFAULT_ERROR"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AdminUser: {
            /** Format: date-time */
            createdAt: string;
            email: string;
            firstName: string;
            id: number;
            isActive: boolean;
            planName: string | null;
            /** @description Referral code stored with the user, if any */
            referral: string | null;
            roles: string[];
            tier: string | null;
        };
        AggCharmAnswer: {
            aggregate: number | null;
            /** @enum {string} */
            greek: "charm";
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            series: components["schemas"]["AggCharmPoint"][];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            unit: components["schemas"]["Unit"];
            zerodte_agg_charm: number | null;
        };
        AggCharmPoint: {
            aggregate: number | null;
            t: string;
            zeroDte: number | null;
        };
        AggregateAnswer: {
            aggregate: number | null;
            /** @enum {string} */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            unit: components["schemas"]["Unit"];
        };
        AggregateConfig: {
            /** @description Calculation date; set only for historical widgets */
            date?: string | null;
            /**
             * @default charm
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @description Underlying symbol
             * @example SPX
             */
            ticker: string;
        };
        Answer: {
            id: number;
            /** @description Admins, or a learner after answering */
            isCorrect?: boolean;
            text: string;
        };
        AnswerInput: {
            /** @default null */
            id?: number | null;
            /** @default false */
            isCorrect?: boolean;
            text: string;
        };
        AnswerResult: {
            answerId: number;
            correctAnswerIds: number[];
            explanation: string;
            isCorrect: boolean;
            lessonFinished: boolean;
            /** @description Points earned by this answer */
            points: number;
            questionId: number;
            userLmsPoints: number;
        };
        ApiKey: {
            /** Format: date-time */
            createdAt: string;
            id: number;
            /** Format: date-time */
            lastUsedAt: string | null;
            /** @example vol_Ab12••••••••wxYz */
            maskedKey: string;
        };
        ApiSubscription: {
            id: string;
            /** @description API pack name */
            name: string;
        };
        AuthConfig: {
            /** @description OAuth client id for Google sign-in, or null when off */
            googleClientId: string | null;
        };
        BalanceAnswer: {
            bucketMinutes: number;
            /** @description the answer's session up to its snapshot */
            current: components["schemas"]["BalanceSession"];
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description the previous published session, whole; null when none is published */
            previous: components["schemas"]["BalanceSession"] | (null);
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            ticker: string;
        };
        BalanceSession: {
            call: components["schemas"]["BalanceSide"];
            put: components["schemas"]["BalanceSide"];
            /** @description the session date (New York) */
            session: string;
            /** @description start of each 5-minute bucket from the open (ISO-8601 UTC) */
            times: string[];
            totals: components["schemas"]["BalanceTotals"];
        };
        BalanceSide: {
            /** @description Σ −s·price·size·100 per bucket, $: + dealers collected, − dealers paid */
            dealerPremium: number[];
            /** @description Σ price·size·100 per bucket, $ */
            premium: number[];
            /** @description contracts printed per bucket */
            volume: number[];
        };
        BalanceTotals: {
            callDealerPremium: number;
            callPremium: number;
            callVolume: number;
            /** @description putPremium / callPremium */
            premiumRatio: number | null;
            putDealerPremium: number;
            putPremium: number;
            putVolume: number;
            /** @description putVolume / callVolume */
            volumeRatio: number | null;
        };
        Candle: {
            close: number | null;
            high: number | null;
            low: number | null;
            open: number | null;
            t: string;
        };
        CandlesAnswer: {
            candles: components["schemas"]["Candle"][];
            frequency: number;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
        };
        CharmBalanceAnswer: {
            aggregate: number;
            currentPrice: number | null;
            data: components["schemas"]["StrikeValue"][];
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            unit: components["schemas"]["Unit"];
        };
        ChartConfig: {
            /**
             * @default null
             * @enum {string|null}
             */
            chartName?: "GREEK_VOLATILITY" | "IV_VOLATILITY" | "SPOT_VOL_CORRELATION" | "AGGREGATE_TREND" | "VOLUME" | "OPEN_INTEREST" | "OPEN_INTEREST_CHANGE" | null;
            /** @description Exposure charts comparing: also draw both profiles */
            compareOverlay?: boolean;
            /** @description The New York time compared with, 'yyyy-MM-dd HH:mm'; required when compareWith is time */
            compareTime?: string | null;
            /**
             * @description Exposure charts: draw the change per strike since this earlier snapshot (docs/methodology.md §4.10); absent or null = no comparison
             * @enum {string|null}
             */
            compareWith?: "previous" | "open" | "previous_close" | "time" | null;
            /**
             * @description Calculation date; set only for historical widgets
             * @default null
             */
            date?: string | null;
            /** @default null */
            expirations?: components["schemas"]["Expirations"] | (null);
            /**
             * @default charm
             * @enum {string}
             */
            greek?: "iv" | "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @default false */
            isCumulative?: boolean;
            /** @description Vanna exposure charts: vanna scaled to a +10 % relative IV move per strike (volland-live-api-iv-adjusted-vanna, all expirations) */
            ivAdjusted?: boolean;
            /**
             * @default both
             * @enum {string}
             */
            kind?: "both" | "call" | "put";
            /** @description Price-and-levels charts: earlier sessions drawn before the current one (0 to 5) */
            previousSessions?: number | null;
            /** @description Historical exposure charts over all expirations: the session's last snapshot of the date's day (volland-api-daily-exposure) */
            sessionClose?: boolean;
            /** @description Exposure charts: strikes shown, in % of spot on each side; absent or null = twice the 30-day expected move (methodology §4.6) */
            strikeRange?: number | null;
            /**
             * @description Underlying symbol
             * @example SPX
             */
            ticker: string;
            /** @enum {string} */
            type: "summary" | "exposure" | "surface" | "statistics" | "heatmap" | "price_levels" | "volume_oi";
        } & ({
            /** @enum {unknown|null} */
            chartName?: null;
            /** @enum {unknown|null} */
            compareWith?: null;
            /** @enum {unknown} */
            greek?: "vanna" | "gamma" | "charm";
            /** @enum {unknown} */
            type: "summary";
        } | {
            /** @enum {unknown|null} */
            chartName?: null;
            /** @enum {unknown} */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {unknown} */
            type: "exposure";
        } | {
            /** @enum {unknown} */
            chartName: "GREEK_VOLATILITY" | "IV_VOLATILITY";
            /** @enum {unknown|null} */
            compareWith?: null;
            /** @enum {unknown} */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | "iv";
            /** @enum {unknown} */
            type: "surface";
        } | {
            /** @enum {unknown} */
            chartName: "SPOT_VOL_CORRELATION" | "AGGREGATE_TREND";
            /** @enum {unknown|null} */
            compareWith?: null;
            /** @enum {unknown} */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {unknown} */
            type: "statistics";
        } | {
            /** @enum {unknown|null} */
            chartName?: null;
            /** @enum {unknown|null} */
            compareWith?: null;
            /** @enum {unknown} */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {unknown} */
            type: "heatmap";
        } | {
            /** @enum {unknown|null} */
            chartName?: null;
            /** @enum {unknown|null} */
            compareWith?: null;
            /** @enum {unknown} */
            greek?: "gamma";
            /** @enum {unknown} */
            type: "price_levels";
        } | {
            /** @enum {unknown} */
            chartName: "VOLUME" | "OPEN_INTEREST" | "OPEN_INTEREST_CHANGE";
            /** @enum {unknown|null} */
            compareWith?: null;
            /** @enum {unknown} */
            greek?: "gamma";
            /** @enum {unknown} */
            type: "volume_oi";
        });
        ClientError: {
            /** @default  */
            componentStack?: string;
            /**
             * @description The client's grouping key (logged; the server groups by its own)
             * @default
             */
            fingerprint?: string;
            /**
             * @description crash (render), http500 (a 500 answer), token401 (data token)
             * @default crash
             * @enum {string}
             */
            kind?: "crash" | "http500" | "token401";
            message: string;
            /** @default  */
            release?: string;
            /**
             * @description The page's route pattern or path
             * @default
             */
            route?: string;
            /** @default  */
            stack?: string;
            /** @default  */
            url?: string;
        };
        ClientErrorGroup: {
            /** @description Reports received for this fingerprint */
            count: number;
            fingerprint: string;
            /** Format: date-time */
            firstSeen: string;
            id: number;
            kind: string;
            /** Format: date-time */
            lastSeen: string;
            message: string;
            release: string;
            route: string;
            stack: string;
            userAgent: string;
        };
        ClientErrorReply: {
            /** @description The group the report joined */
            fingerprint: string;
            received: boolean;
        };
        ClientErrorsPage: {
            items: components["schemas"]["ClientErrorGroup"][];
            page: number;
            pageSize: number;
            total: number;
        };
        ComparedSnapshot: {
            /** @description Its spot price */
            currentPrice: number | null;
            /** @description Time of the earlier snapshot (ISO-8601 UTC) */
            lastModified: string;
        };
        Contact: {
            /** Format: email */
            email: string;
            message: string;
            name: string;
            subject: string;
        };
        ContactReply: {
            id: number;
            message: string;
        };
        DailyExposureAnswer: {
            currentPrice: number | null;
            data: components["schemas"]["ExposurePoint"][];
            /** @description Session date of the snapshot */
            date: string;
            /** @description one-standard-deviation move over ~30 days; sizes the chart's default strike range */
            expectedMove: components["schemas"]["ExpectedMove"] | null;
            expirations: string[];
            /** @enum {string} */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            isCumulative: boolean;
            /** @enum {string} */
            kind: "both" | "call" | "put";
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            levels: components["schemas"]["Levels"];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            ticker: string;
            unit: components["schemas"]["Unit"];
        };
        DataToken: {
            /** @description JWT for /api/v1/data routes; payload has sub, type='data', exp and subscriptions [{id}] */
            dataApiAccessToken: string;
            /** @description Lifetime, seconds */
            expiresIn: number;
        };
        DatesAnswer: {
            available_dates: string[];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
        };
        Delivery: {
            attempt: number;
            channel: string;
            /** Format: date-time */
            createdAt: string;
            detail: string;
            firingId: number;
            id: number;
            ruleId: number;
            status: string;
        };
        EnlistedPage: {
            items: components["schemas"]["EnlistedUser"][];
            page: number;
            pageSize: number;
            total: number;
        };
        EnlistedUser: {
            email: string;
            /** Format: date-time */
            enlistedAt: string;
            firstName: string;
            id: number;
            /** @description sign-up or settings */
            source: string;
        };
        Enlistment: {
            email: string;
            enlisted: boolean;
            /** Format: date-time */
            enlistedAt: string | null;
        };
        EodAnswer: {
            eod: components["schemas"]["EodRow"][];
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            ticker: string;
            /** @description unit of each figure of the answer, by field name */
            units: {
                [key: string]: components["schemas"]["Unit"];
            };
        };
        EodRow: {
            aggregates: {
                [key: string]: number | null;
            };
            close: number | null;
            date: string;
            vixClose: number | null;
        };
        Error: {
            /** @description Machine-readable error code */
            code: string;
            /** @description Field name -> list of messages */
            errors: {
                [key: string]: unknown;
            };
            /** @description One sentence for people */
            message: string;
            /** @description HTTP status */
            status: number;
        };
        EvaluateResult: {
            evaluated: number;
            fired: number;
            tier: string;
        };
        EvaluateSlot: {
            /**
             * Format: date-time
             * @description The slot: a refresh instant of the tier
             */
            at: string;
            /** @enum {string} */
            tier: "live" | "30" | "3" | "basic";
        };
        ExpectedMove: {
            /** @description calendar days to the expiration used (nearest to 30) */
            days: number;
            /** @description IV (per 1.00) of the strike nearest spot on that expiration */
            iv: number;
            /** @description spot · iv · √(days/365), in price points */
            points: number;
        };
        ExpectedMoveRow: {
            /** @description The call's model price at its stored IV */
            call: number;
            /** @description Calendar days to the expiration */
            days: number;
            /**
             * Format: date
             * @description Expiration date yyyy-MM-dd
             */
            expiration: string;
            /** @description 100 · points / spot, % of spot */
            percent: number;
            /** @description call + put, price points */
            points: number;
            /** @description The put's model price at its stored IV */
            put: number;
            /** @description The straddle's strike (nearest to spot) */
            strike: number;
        };
        /** @description Which expirations; `to` may not be before `from` (a rule between two values) */
        Expirations: {
            dates?: string[];
            /** @default null */
            from?: string | null;
            /** @enum {string} */
            option: "ALL" | "MIXED" | "CUSTOM" | "SPECIFIC" | "TODAY" | "TOMORROW" | "DAY_AFTER_TOMORROW" | "THIS_WEEK" | "NEXT_WEEK" | "THIRTY_NEXT_DAYS" | "THIRD_FRIDAY" | "THIS_MONTH" | "NEXT_MONTH" | "THIS_YEAR" | "NEXT_YEAR";
            /** @default null */
            to?: string | null;
        };
        ExpirationsAnswer: {
            expirations: string[];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
        };
        ExpirationsSelection: {
            /**
             * @description SPECIFIC/MIXED: the expiration dates
             * @default null
             */
            dates?: string[] | null;
            /**
             * Format: date
             * @description CUSTOM: first expiration date
             * @default null
             */
            from?: string | null;
            /**
             * @description The expirations option (default ALL). SPECIFIC needs 'dates' (MIXED without dates means ALL); CUSTOM needs 'from' and 'to', 'to' not before 'from' and, live, not before the session date
             * @default ALL
             * @example THIS_WEEK
             * @enum {string}
             */
            option?: "ALL" | "MIXED" | "CUSTOM" | "SPECIFIC" | "TODAY" | "TOMORROW" | "DAY_AFTER_TOMORROW" | "THIS_WEEK" | "NEXT_WEEK" | "THIRTY_NEXT_DAYS" | "THIRD_FRIDAY" | "THIS_MONTH" | "NEXT_MONTH" | "THIS_YEAR" | "NEXT_YEAR";
            /**
             * Format: date
             * @description CUSTOM: last expiration date (live: a range ending before the session date is refused)
             * @default null
             */
            to?: string | null;
        };
        ExportJob: {
            /**
             * @description File size once finished, else 0
             * @example 0
             */
            bytes: number;
            /** @example 2026-01-31T22:00:00Z */
            createdAt: string;
            /**
             * @description Where to download the file once finished (same authentication), else null
             * @example null
             */
            download?: string | null;
            /** @example 2026-01-30 */
            end: string;
            /**
             * @description Why it failed (the one error body), else null
             * @example null
             */
            error?: components["schemas"]["Error"] | (null);
            /**
             * @description When the file and this status are deleted
             * @example 2026-02-01T22:00:00Z
             */
            expiresAt: string;
            /** @example null */
            finishedAt?: string | null;
            /** @example parquet */
            format: string;
            /** @example snapshot */
            granularity: string;
            /**
             * @example [
             *       "gamma",
             *       "charm"
             *     ]
             */
            greeks: string[];
            /** @example 5f0c3d9e8b7a4c21a0d4e6f8b2c1a9d7 */
            id: string;
            /**
             * @description rowsWritten / rows, 0 to 1
             * @example 0.5
             */
            progress: number;
            /**
             * @description Rows the file will hold
             * @example 2500000
             */
            rows: number;
            /**
             * @description Rows written so far
             * @example 1250000
             */
            rowsWritten: number;
            /**
             * @description Snapshots the export covers
             * @example 1638
             */
            snapshots: number;
            /** @example 2026-01-02 */
            start: string;
            /** @example 2026-01-31T22:00:01Z */
            startedAt?: string | null;
            /**
             * @description queued, running, finished or failed
             * @example running
             * @enum {string}
             */
            status: "queued" | "running" | "finished" | "failed";
            /** @example SPX */
            ticker: string;
        };
        ExposureAnswer: {
            currentPrice: number | null;
            data: components["schemas"]["ExposurePoint"][];
            /** @description one-standard-deviation move over ~30 days; sizes the chart's default strike range */
            expectedMove: components["schemas"]["ExpectedMove"] | null;
            expirations: string[];
            /** @enum {string} */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            isCumulative: boolean;
            /** @enum {string} */
            kind: "both" | "call" | "put";
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            levels: components["schemas"]["Levels"];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            ticker: string;
            unit: components["schemas"]["Unit"];
        };
        ExposureBody: {
            /** @description Absent: ALL */
            expirations?: components["schemas"]["ExpirationsSelection"];
            /**
             * @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default charm)
             * @default charm
             * @example charm
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @description true for a running sum over strikes (default false)
             * @default false
             * @example false
             */
            isCumulative?: boolean | null;
            /**
             * @description Calls and puts (both, the default), calls only or puts only
             * @default both
             * @example both
             * @enum {string}
             */
            kind?: "both" | "call" | "put";
            /**
             * @description Underlying symbol in the universe
             * @example SPX
             */
            ticker: string;
        };
        ExposureChangeAnswer: {
            /** @description The comparison asked for */
            compareWith: string;
            currentPrice: number | null;
            data: components["schemas"]["ExposurePoint"][];
            /** @description one-standard-deviation move over ~30 days; sizes the chart's default strike range */
            expectedMove: components["schemas"]["ExpectedMove"] | null;
            expirations: string[];
            /** @enum {string} */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            isCumulative: boolean;
            /** @enum {string} */
            kind: "both" | "call" | "put";
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            levels: components["schemas"]["Levels"];
            /** @description Both profiles, aligned with data (null unless asked with profiles=true) */
            profiles: components["schemas"]["Profiles"] | null;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /** @description The earlier snapshot */
            then: components["schemas"]["ComparedSnapshot"];
            ticker: string;
            unit: components["schemas"]["Unit"];
        };
        ExposureChangeBody: {
            /**
             * @description New York time 'yyyy-MM-dd HH:mm' of the same or an earlier session (a day alone: its last snapshot), not after 'now' nor after the tier's latest refresh; required when compareWith is time
             * @default null
             * @example 2026-01-02 15:05
             */
            compareTime?: string | null;
            /**
             * @description The earlier snapshot ('then'): previous = the one before 'now'; open = the first of 'now''s session at or after the open; previous_close = the last at or before the previous session's close; time = the one at or before compareTime (docs/methodology.md §4.10)
             * @example previous_close
             * @enum {string}
             */
            compareWith: "previous" | "open" | "previous_close" | "time";
            /**
             * @description Historical mode: the compared ('now') snapshot is the one at or before this New York time 'yyyy-MM-dd HH:mm' (a day alone: its last snapshot); absent: the tier's latest
             * @default null
             * @example 2026-01-02 15:05
             */
            date?: string | null;
            /** @description Absent: ALL */
            expirations?: components["schemas"]["ExpirationsSelection"];
            /**
             * @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default charm)
             * @default charm
             * @example charm
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @description true for a running sum over strikes (default false)
             * @default false
             * @example false
             */
            isCumulative?: boolean | null;
            /**
             * @description Calls and puts (both, the default), calls only or puts only
             * @default both
             * @example both
             * @enum {string}
             */
            kind?: "both" | "call" | "put";
            /**
             * @description true to add both profiles (the values at 'now' and at 'then') to the answer (default false)
             * @default false
             * @example false
             */
            profiles?: boolean;
            /**
             * @description Underlying symbol in the universe
             * @example SPX
             */
            ticker: string;
        };
        ExposurePoint: {
            call: number;
            put: number;
            strike: number;
            value: number;
        };
        Feature: {
            name: string;
        };
        Firing: {
            /** Format: date-time */
            createdAt: string;
            id: number;
            kind: string;
            message: string;
            payload: {
                [key: string]: unknown;
            };
            ruleId: number;
            /** Format: date-time */
            snapshotTime: string;
            ticker: string;
            tier: string;
            title: string;
        };
        Freshness: {
            sources: components["schemas"]["SourceFreshness"][];
        };
        GeneralInfo: {
            description: string;
            /**
             * Format: date-time
             * @description Latest change of the general info or any section
             */
            lastUpdated: string | null;
            title: string;
        };
        GeneralInfoUpdate: {
            description?: string;
            title?: string;
        };
        GoogleLogin: {
            /** @description The Google ID token (JWT) from Google sign-in */
            idToken: string;
            /**
             * @description Referral code captured from fp_ref (kept when the account is created)
             * @default null
             */
            referral?: string | null;
        };
        GreeksAnswer: {
            greeks: ("delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag")[];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
        };
        Group: {
            /** @default null */
            caption?: string | null;
            /**
             * @description The group's colour; filled in when omitted
             * @default null
             * @enum {string|null}
             */
            color?: "#8696c6" | "#f5c842" | "#f59342" | "#e5484d" | "#f06fa8" | "#d14fd6" | "#8e5cf0" | "#3e7bfa" | "#2fc6e0" | "#20b2a0" | "#46b95a" | null;
            id: number;
            /** @default null */
            name?: string | null;
        } & ({
            /** @enum {unknown} */
            color?: "#8696c6" | null;
            /** @enum {unknown} */
            id?: 0;
        } | {
            /** @enum {unknown} */
            color?: "#f5c842" | null;
            /** @enum {unknown} */
            id?: 1;
        } | {
            /** @enum {unknown} */
            color?: "#f59342" | null;
            /** @enum {unknown} */
            id?: 2;
        } | {
            /** @enum {unknown} */
            color?: "#e5484d" | null;
            /** @enum {unknown} */
            id?: 3;
        } | {
            /** @enum {unknown} */
            color?: "#f06fa8" | null;
            /** @enum {unknown} */
            id?: 4;
        } | {
            /** @enum {unknown} */
            color?: "#d14fd6" | null;
            /** @enum {unknown} */
            id?: 5;
        } | {
            /** @enum {unknown} */
            color?: "#8e5cf0" | null;
            /** @enum {unknown} */
            id?: 6;
        } | {
            /** @enum {unknown} */
            color?: "#3e7bfa" | null;
            /** @enum {unknown} */
            id?: 7;
        } | {
            /** @enum {unknown} */
            color?: "#2fc6e0" | null;
            /** @enum {unknown} */
            id?: 8;
        } | {
            /** @enum {unknown} */
            color?: "#20b2a0" | null;
            /** @enum {unknown} */
            id?: 9;
        } | {
            /** @enum {unknown} */
            color?: "#46b95a" | null;
            /** @enum {unknown} */
            id?: 10;
        });
        HeatmapAnswer: {
            currentPrice: number | null;
            /** @description the expirations summed (resolved at the latest snapshot) */
            expirations: string[];
            /** @enum {string} */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            kind: "both" | "call" | "put";
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /** @description underlying price at each of times */
            spot: (number | null)[];
            strikeRange: components["schemas"]["StrikeRange"];
            /** @description strikes in the range, ascending (the matrix's columns) */
            strikes: number[];
            ticker: string;
            /** @description snapshot times of the session up to the answer's snapshot, ISO-8601 UTC, oldest first (the matrix's rows) */
            times: string[];
            unit: components["schemas"]["Unit"];
            /** @description values[i][j]: dealer exposure at times[i] and strikes[j] (calls + puts of the kind over the expirations, as the exposure chart), in unit; null where that snapshot lists no contract at that strike */
            values: (number | null)[][];
        };
        HistoricalBody: {
            /**
             * @description The snapshot at or before this New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd': its last snapshot)
             * @example 2026-01-02 15:05
             */
            date: string;
            /** @description Absent: ALL */
            expirations?: components["schemas"]["ExpirationsSelection"];
            /**
             * @description One of delta, gamma, vanna, charm, vega, theta, vomma, rho, dag (default charm)
             * @default charm
             * @example charm
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @description true for a running sum over strikes (default false)
             * @default false
             * @example false
             */
            isCumulative?: boolean | null;
            /**
             * @description Calls and puts (both, the default), calls only or puts only
             * @default both
             * @example both
             * @enum {string}
             */
            kind?: "both" | "call" | "put";
            /**
             * @description Underlying symbol in the universe
             * @example SPX
             */
            ticker: string;
        };
        InitReset: {
            /** Format: email */
            email: string;
        };
        Invoice: {
            /** @description Amount in the currency's main unit */
            amount: number;
            /** Format: date-time */
            createdAt: string;
            currency: string;
            /** @description What was billed (plan, pack, prorated change) */
            description: string | null;
            id: number;
            number: string;
            pdfUrl: string | null;
            /** @description paid or failed */
            status: string;
        };
        IvHistoryRow: {
            /**
             * Format: date
             * @description Session date yyyy-MM-dd
             */
            date: string;
            /** @description 30-day constant-maturity at-the-money IV at that session's close, per 1.00 */
            iv30: number | null;
        };
        IvRankAnswer: {
            currentPrice: number | null;
            /** @description The at-the-money straddle of every expiration, ascending */
            expectedMoves: components["schemas"]["ExpectedMoveRow"][];
            /** @description Highest iv30 of the history and now, per 1.00 */
            high: number | null;
            history: components["schemas"]["IvHistoryRow"][];
            /** @description 30-day constant-maturity at-the-money IV now, per 1.00 */
            iv30: number | null;
            /** @description Share of the history's sessions with iv30 below now, % */
            ivPercentile: number | null;
            /** @description 100·(iv30 − low)/(high − low), % */
            ivRank: number | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Lowest iv30 of the history and now, per 1.00 */
            low: number | null;
            /** @description Sessions of the history with an iv30 (the rank's sample; up to about 252) */
            sessions: number;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            ticker: string;
            /** @description unit of each figure of the answer, by field name */
            units: {
                [key: string]: components["schemas"]["Unit"];
            };
            /**
             * Format: date
             * @description First date of the 52-week window
             */
            windowStart: string;
        };
        IvVannaAnswer: {
            currentPrice: number | null;
            data: components["schemas"]["IvVannaPoint"][];
            /** @description relative IV move the values are scaled to (0.10 = +10 %) */
            ivShock: number;
            /** @enum {string} */
            kind: "both" | "call" | "put";
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            unit: components["schemas"]["Unit"];
        };
        IvVannaPoint: {
            iv: number;
            strike: number;
            value: number;
            vanna: number | null;
        };
        JobsOverview: {
            /** @description the demo's background build (make run builds the serve-first tickers, then the rest): state pending|running|stopped|failed|done, phase, daysDone of daysTotal, warmupDone of warmupTotal, currentDay, tickers (how many), startedAt, updatedAt, finishedAt (ISO UTC), pid, error; null when there is none */
            backfill?: {
                [key: string]: unknown;
            } | null;
            events?: {
                [key: string]: unknown;
            }[];
            failedJobs?: {
                [key: string]: unknown;
            }[];
            /** @description the live trade-feed consumer (VOLLAND_SOURCE=databento-live or massive-live, `volland feed`): source, connected, lagSeconds (wall clock minus the newest record's event time), printsPerSecond (over the last minute), feedTime, lastGap ({start, end, reason}: an interval the feed could not replay), lastCheckpoint (ISO UTC), reconnects, error, holder (the process holding the one-consumer lock); null when no consumer reported in the last two minutes */
            feed?: {
                [key: string]: unknown;
            } | null;
            lastFailure?: {
                [key: string]: unknown;
            } | null;
            lastPublished?: {
                [key: string]: unknown;
            } | null;
            lock?: {
                [key: string]: unknown;
            };
            queues?: {
                [key: string]: unknown;
            }[];
            schedulers?: {
                [key: string]: unknown;
            }[];
            /** @description stalled (market open, no snapshot published for two 5-minute refreshes), lastPublished and stalledSince, market time ISO UTC */
            stall?: {
                [key: string]: unknown;
            };
            workers?: {
                [key: string]: unknown;
            }[];
        };
        KeyLevelsAnswer: {
            /** @description Newest snapshot time of the rows (ISO-8601 UTC); null when no row has data */
            lastModified: string | null;
            rows: components["schemas"]["KeyLevelsRow"][];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /** @description unit of each figure of the answer, by field name */
            units: {
                [key: string]: components["schemas"]["Unit"];
            };
        };
        KeyLevelsRow: {
            /** @description Call wall (methodology §4.9), price points */
            callWall: number | null;
            /** @description Change since the previous close, price points */
            callWallChange: number | null;
            /** @description At-the-money straddle of the nearest expiration (methodology §4.13), price points */
            expectedMove: number | null;
            /** @description Change of expectedMove since the previous close, price points */
            expectedMoveChange: number | null;
            /** @description The expiration of the straddle (yyyy-MM-dd) */
            expectedMoveExpiration: string | null;
            /** @description expectedMove as % of spot */
            expectedMovePercent: number | null;
            /** @description The straddle's strike */
            expectedMoveStrike: number | null;
            /** @description Time of the ticker's snapshot (ISO-8601 UTC); null when the ticker has none (see note) */
            lastModified: string | null;
            /** @description 0DTE LIS (methodology §4.5): none, one level, or the two ends of a range, ascending */
            lis: number[];
            /** @description Change of each LIS since the previous session's last 0DTE reading before its close (same count of levels), else null */
            lisChange: number[] | null;
            /** @description Why the row has no figures (no data published for the ticker at that time), else null */
            note: string | null;
            /** @description Time of the previous session's close snapshot the changes are measured from; null when that session was not published */
            previousCloseAt: string | null;
            /** @description Put wall (methodology §4.9), price points */
            putWall: number | null;
            /** @description Change since the previous close, price points */
            putWallChange: number | null;
            /** @description Underlying price at the snapshot (price points) */
            spot: number | null;
            /** @description spot − spot at the previous close (price points) */
            spotChange: number | null;
            /** @description 0DTE target (methodology §4.5), price points; null without one */
            target: number | null;
            /** @description target − the previous session's last 0DTE target before its close, price points */
            targetChange: number | null;
            ticker: string;
            /** @description The snapshot's session has an expiration of the ticker (target and LIS apply) */
            zeroDte: boolean;
            /** @description Zero gamma level (methodology §4.9), price points */
            zeroGamma: number | null;
            /** @description Change since the previous close, price points */
            zeroGammaChange: number | null;
        };
        LearnerLesson: {
            /** @description Lesson text (Markdown subset) */
            content: string;
            id: number;
            isFinished: boolean;
            order: number;
            questionsCount: number;
            sectionId: number;
            title: string;
            /** @description Points the quiz can award */
            totalScore: number;
            /** Format: date-time */
            updatedAt: string;
        };
        LearnerSection: {
            description: string;
            finishedLessons: number;
            id: number;
            lessonsCount: number;
            order: number;
            /** @description Finished lessons / lessons, percent 0-100 */
            progress: number;
            /** Format: date-time */
            publishedAt: string | null;
            /** @enum {string} */
            status: "DRAFT" | "PUBLISHED" | "ARCHIVED";
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Lesson: {
            /** @description Lesson text (Markdown subset) */
            content: string;
            id: number;
            order: number;
            questionsCount: number;
            sectionId: number;
            title: string;
            /** @description Points the quiz can award */
            totalScore: number;
            /** Format: date-time */
            updatedAt: string;
        };
        LessonCreate: {
            /** @default  */
            content?: string;
            sectionId: number;
            title: string;
        };
        LessonProgress: {
            isFinished: boolean;
            lessonId: number;
            sectionId: number;
            /** @description Points the lesson's quiz can award */
            totalScore: number;
            /** @description Points the learner earned in it */
            userScore: number;
        };
        LessonUpdate: {
            content?: string;
            order?: number;
            title?: string;
        };
        LevelRecord: {
            hold: components["schemas"]["Rate"];
            touch: components["schemas"]["Rate"];
        };
        Levels: {
            callWall: number | null;
            putWall: number | null;
            zeroGamma: number | null;
        };
        LevelsAt: {
            /** @description Call wall of the chosen expirations (strike, §4.9) */
            callWall: number | null;
            /** @description one level, or [low, high] for BofA/SIDIAL paradigms; null when none */
            lis: (number | number[]) | null;
            /** @description Underlying price at the snapshot (price points) */
            price: number | null;
            /** @description Put wall of the chosen expirations (strike, §4.9) */
            putWall: number | null;
            /** @description Snapshot time (ISO-8601 UTC) */
            t: string;
            /** @description 0DTE paradigm's target (price points, §4.5); null without one */
            target: number | null;
            /** @description Zero-gamma level of the chosen expirations (price points, §4.9) */
            zeroGamma: number | null;
        };
        Links: {
            community: string | null;
            newsletter: string | null;
            partner: string | null;
            social: string | null;
            supportEmail: string | null;
            video: string | null;
        };
        LiquidityAnswer: {
            dayToDayDeltaAdjustedDealerSpread: number | null;
            deltaAdjustedDealerPremium: number | null;
            deltaAdjustedDealerSpread: number | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /** @description unit of each figure of the answer, by field name */
            units: {
                [key: string]: components["schemas"]["Unit"];
            };
        };
        LmsProgress: {
            lessonsProgress: components["schemas"]["LessonProgress"][];
            /** @description The learner's academy points */
            userLmsPoints: number;
        };
        Login: {
            /** Format: email */
            email: string;
            password: string;
        };
        Logout: {
            /** @default null */
            refreshToken?: string | null;
        };
        Message: {
            message: string;
        };
        NewApiKey: {
            /** @description The full key; shown only this once */
            apiKey: string;
            /** Format: date-time */
            createdAt: string;
            id: number;
            /** Format: date-time */
            lastUsedAt: string | null;
            /** @example vol_Ab12••••••••wxYz */
            maskedKey: string;
        };
        NextQuestion: {
            answered: number;
            correct: number;
            isFinished: boolean;
            /** @description 1-based number of that question */
            position: number;
            /** @description The first unanswered question (no correct flags), or null */
            question: components["schemas"]["Question"] | (null);
            questionsCount: number;
            totalScore: number;
            userScore: number;
        };
        NextRefreshAnswer: {
            /** @description Newest snapshot the tier is served: published at or before its cut-off (market time, ISO UTC) */
            lastPublished: string | null;
            lastRefresh: string;
            marketLastRefresh: string;
            marketNextRefresh: string;
            marketTime: string;
            nextRefresh: string;
            replay: boolean;
            secondsToNextRefresh: number;
            serverTime: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /** @description Market open and no snapshot published for two 5-minute refreshes (plus the Live offset) */
            stalled: boolean;
            /** @description Market time the stall began */
            stalledSince: string | null;
            tier: string;
        };
        OrderingItem: {
            id: number;
            order: number;
        };
        PaginationMetadata: {
            /** @description First available page number. */
            first_page?: number;
            /** @description Last available page number. */
            last_page?: number;
            /** @description Next page number. */
            next_page?: number;
            /** @description Current page number. */
            page?: number;
            /** @description Previous page number. */
            previous_page?: number;
            /** @description Total number of items. */
            total?: number;
            /** @description Total number of pages. */
            total_pages?: number;
        };
        ParadigmAnswer: {
            /** @description spot at the snapshot, the price target and LIS are measured from */
            currentPrice: number | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description one level, or [low, high] for BofA/SIDIAL paradigms; null when none */
            lis: (number | number[]) | null;
            /**
             * @description LIS: why the level is null, else null: after_close (the session has closed and today's 0DTE options have expired), no_expiration_today (the snapshot's session has no expiration of the ticker), no_charm_near_spot (paradigm Undefined: no 0DTE charm on one side of spot), range_paradigm (BOFA and SIDIAL have two LIS and no target), no_crossing_in_range (GEX/AG: aggregate 0DTE charm does not turn inside the scanned range); docs/methodology.md §4.5
             * @enum {string|null}
             */
            lisReason: "after_close" | "no_expiration_today" | "no_charm_near_spot" | "range_paradigm" | "no_crossing_in_range" | null;
            /** @description GEX, AG, BOFA or SIDIAL with -PURE, -TARGET, -LIS or -MESSY; Undefined; empty when the snapshot has no 0DTE options (docs/methodology.md §4.5) */
            paradigm: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            target: number | null;
            /**
             * @description target: why the level is null, else null: after_close (the session has closed and today's 0DTE options have expired), no_expiration_today (the snapshot's session has no expiration of the ticker), no_charm_near_spot (paradigm Undefined: no 0DTE charm on one side of spot), range_paradigm (BOFA and SIDIAL have two LIS and no target), no_crossing_in_range (GEX/AG: aggregate 0DTE charm does not turn inside the scanned range); docs/methodology.md §4.5
             * @enum {string|null}
             */
            targetReason: "after_close" | "no_expiration_today" | "no_charm_near_spot" | "range_paradigm" | "no_crossing_in_range" | null;
        };
        Partner: {
            /** @description Shown in the footer (the link's host when unnamed) */
            name: string;
            url: string;
        };
        PlaneAnswer: {
            currentPrice: number | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            strikes: number[];
            times: string[];
            z: (number | null)[][];
        };
        Position: {
            x: number;
            y: number;
        };
        PremiumAnswer: {
            dealerPremium: number | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /** @description unit of each figure of the answer, by field name */
            units: {
                [key: string]: components["schemas"]["Unit"];
            };
            zeroDteDealerPremium: number | null;
        };
        Price: {
            /** @description US dollars (per month for subscriptions) */
            amount: number;
            id: string;
        };
        PriceLevelsAnswer: {
            candles: components["schemas"]["Candle"][];
            /** @description Underlying price at the served snapshot (price points) */
            currentPrice: number | null;
            /** @description The expirations whose levels are drawn, as resolved on the snapshot's session */
            expirations: string[];
            /** @description Candle length in minutes (5) */
            frequency: number;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description The levels at each snapshot, oldest first; each holds until the next snapshot */
            levels: components["schemas"]["LevelsAt"][];
            /** @description Session dates drawn (yyyy-MM-dd, New York), oldest first; the last is the snapshot's */
            sessions: string[];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /**
             * @description candles, or line when every candle has open = high = low = close (one price per snapshot)
             * @enum {string}
             */
            style: "candles" | "line";
            ticker: string;
            /** @description The snapshot's session lists an expiration on its own date (target and LIS apply) */
            zeroDte: boolean;
        };
        PriceLevelsBody: {
            /**
             * @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now
             * @example 2026-01-02 15:05
             */
            date?: string | null;
            /** @description Whose levels (zero gamma, walls): absent means ALL */
            expirations?: components["schemas"]["ExpirationsSelection"];
            /**
             * @description Earlier sessions drawn before the current one (0 to 5, default 0)
             * @default 0
             * @example 0
             */
            previousSessions?: number;
            /**
             * @description Underlying symbol in the universe
             * @example SPX
             */
            ticker: string;
        };
        /** @description Stock price bounds; `max` must be above `min` (a rule between two values) */
        PriceRange: {
            /**
             * @description Highest stock price (> 0 and > min)
             * @default null
             * @example 500
             */
            max?: number | null;
            /**
             * @description Lowest stock price (>= 0)
             * @default null
             * @example 0
             */
            min?: number | null;
        };
        PrintsConfig: {
            /** @description Calculation date; set only for historical widgets */
            date?: string | null;
            /** @default null */
            expirations?: components["schemas"]["Expirations"] | (null);
            /**
             * @description Smallest premium listed, in dollars
             * @default 0
             */
            minPremium?: number;
            /**
             * @description The customer's side listed
             * @default all
             * @enum {string}
             */
            side?: "all" | "buy" | "sell" | "unclassified";
            /**
             * @description premium: largest first; time: latest first
             * @default premium
             * @enum {string}
             */
            sort?: "premium" | "time";
            /**
             * @description Underlying symbol
             * @example SPX
             */
            ticker: string;
        };
        Product: {
            description: string;
            features: components["schemas"]["Feature"][];
            id: string;
            metadata: components["schemas"]["ProductMetadata"];
            mostPopular: boolean;
            name: string;
            price: (null) | components["schemas"]["Price"];
            tier: string | null;
        };
        ProductList: {
            /**
             * @description real: the plans are paid for; test: test payments, nothing is charged (the embedded provider, or Stripe's test mode); off: nothing can be bought on this installation (checkout and portal answer 503 billing_unavailable)
             * @enum {string}
             */
            payments: "real" | "test" | "off";
            products: components["schemas"]["Product"][];
        };
        ProductMetadata: {
            /** @description API requests included (api products only) */
            credits?: number;
            /** @enum {string} */
            paymentType: "single" | "subscription";
            /** @description Tier id (regular products only) */
            tier?: string;
        };
        Profiles: {
            /** @description the exposure at 'now' at each strike of data, in the answer's unit */
            now: number[];
            /** @description the exposure at 'then' at each strike of data, in the answer's unit */
            then: number[];
        };
        ProgressUpdate: {
            /** @default true */
            isFinished?: boolean;
            lessonId: number;
        };
        /** @description answers[i] answers requests[i]: the item's fields (normalized), then data, or data null and error; a served item also states its source */
        PublicApiAnswer: {
            data: (components["schemas"]["PublicApiExposureData"] | components["schemas"]["PublicApiTrendData"] | components["schemas"]["PublicApiParadigmData"] | components["schemas"]["PublicApiZerodteData"] | components["schemas"]["PublicApiDerivedData"] | components["schemas"]["PublicApiHeatmapData"] | components["schemas"]["PublicApiLevelsData"] | components["schemas"]["PublicApiVolumeoiData"] | components["schemas"]["PublicApiPutcallData"] | components["schemas"]["PublicApiPrintsData"] | components["schemas"]["PublicApiTermData"] | components["schemas"]["PublicApiSkewData"] | components["schemas"]["PublicApiIvrankData"] | components["schemas"]["PublicApiScorecardData"]) | null;
            error?: components["schemas"]["PublicApiItemError"];
            expirations?: string[];
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @example both
             * @enum {string}
             */
            kind?: "both" | "call" | "put";
            /** @enum {string} */
            request_type: "exposure_request" | "trend_request" | "paradigm_request" | "zerodte_request" | "derived_request" | "heatmap_request" | "levels_request" | "volume_oi_request" | "put_call_request" | "prints_request" | "term_structure_request" | "skew_request" | "iv_rank_request" | "scorecard_request";
            /** @description Where the served figures come from */
            source?: string;
            /** @description The source's delay in seconds */
            sourceDelay?: number | null;
            ticker: string;
        };
        /**
         * derived
         * @description derived_request
         */
        PublicApiDerivedData: {
            DADS: number | null;
            DAP: number | null;
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            totalDealerPremium: number | null;
            units: {
                DADS: components["schemas"]["PublicApiUnit"];
                DAP: components["schemas"]["PublicApiUnit"];
                totalDealerPremium: components["schemas"]["PublicApiUnit"];
                vannaInertia: components["schemas"]["PublicApiUnit"];
            };
            vannaInertia: number | null;
        };
        /** derived_request */
        PublicApiDerivedItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "derived_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** derived_request */
        PublicApiDerivedQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "derived_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * exposure
         * @description exposure_request
         */
        PublicApiExposureData: {
            currentPrice: number | null;
            /** @description exposures[i] is the exposure at strikes[i] */
            exposures: number[];
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            /** @description Strikes as text (5900, 597.5), ascending */
            strikes: string[];
            unit: components["schemas"]["PublicApiUnit"];
        };
        /** exposure_request */
        PublicApiExposureItem: {
            /**
             * @description ["*"] for every expiration, or expiration dates written yyyy-mm-dd
             * @example [
             *       "*"
             *     ]
             */
            expirations: "*"[] | string[];
            /**
             * @example gamma
             * @enum {string}
             */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @example both
             * @enum {string}
             */
            kind: "both" | "call" | "put";
            /** @enum {string} */
            request_type: "exposure_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** exposure_request */
        PublicApiExposureQuery: {
            /**
             * @description * for every expiration, or comma-separated yyyy-mm-dd dates
             * @example *
             */
            expirations: string;
            /**
             * @example gamma
             * @enum {string}
             */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @example both
             * @enum {string}
             */
            kind: "both" | "call" | "put";
            /** @enum {string} */
            request_type: "exposure_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * heatmap
         * @description heatmap_request (methodology §4.11)
         */
        PublicApiHeatmapData: {
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            /** @description spot[i] is the underlying price at times[i] */
            spot: (number | null)[];
            strikeRange: {
                high: number | null;
                low: number | null;
                percent: number;
            };
            /** @description Strikes within the range around the session's prices, ascending */
            strikes: number[];
            /** @description The session's snapshot times so far, oldest first */
            times: string[];
            unit: components["schemas"]["PublicApiUnit"];
            /** @description values[i][j] is the exposure at times[i] and strikes[j] (null: no contract there) */
            values: (number | null)[][];
        };
        /** heatmap_request */
        PublicApiHeatmapItem: {
            /**
             * @description ["*"] for every expiration, or expiration dates written yyyy-mm-dd
             * @example [
             *       "*"
             *     ]
             */
            expirations: "*"[] | string[];
            /**
             * @example gamma
             * @enum {string}
             */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @example both
             * @enum {string}
             */
            kind: "both" | "call" | "put";
            /** @enum {string} */
            request_type: "heatmap_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** heatmap_request */
        PublicApiHeatmapQuery: {
            /**
             * @description * for every expiration, or comma-separated yyyy-mm-dd dates
             * @example *
             */
            expirations: string;
            /**
             * @example gamma
             * @enum {string}
             */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @example both
             * @enum {string}
             */
            kind: "both" | "call" | "put";
            /** @enum {string} */
            request_type: "heatmap_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** @description Why the item carries no data: out_of_credits (not charged), or no data for the ticker (refunded) */
        PublicApiItemError: {
            code: string;
            message: string;
        };
        PublicApiItemQuery: components["schemas"]["PublicApiExposureQuery"] | components["schemas"]["PublicApiTrendQuery"] | components["schemas"]["PublicApiParadigmQuery"] | components["schemas"]["PublicApiZerodteQuery"] | components["schemas"]["PublicApiDerivedQuery"] | components["schemas"]["PublicApiHeatmapQuery"] | components["schemas"]["PublicApiLevelsQuery"] | components["schemas"]["PublicApiVolumeOiQuery"] | components["schemas"]["PublicApiPutCallQuery"] | components["schemas"]["PublicApiPrintsQuery"] | components["schemas"]["PublicApiTermStructureQuery"] | components["schemas"]["PublicApiSkewQuery"] | components["schemas"]["PublicApiIvRankQuery"] | components["schemas"]["PublicApiScorecardQuery"];
        /**
         * ivrank
         * @description iv_rank_request (methodology §4.19)
         */
        PublicApiIvrankData: {
            /** @description The at-the-money straddle of every expiration */
            expectedMoves: {
                call: number;
                days: number;
                /** Format: date */
                expiration: string;
                percent: number;
                points: number;
                put: number;
                strike: number;
            }[];
            high: number | null;
            /** @description 30-day ATM IV at each session close */
            history: {
                /** Format: date */
                date: string;
                iv30: number | null;
            }[];
            iv30: number | null;
            ivPercentile: number | null;
            ivRank: number | null;
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            low: number | null;
            sessions: number;
            /** @description The unit of each figure, by field name */
            units: {
                [key: string]: components["schemas"]["PublicApiUnit"];
            };
            /** Format: date */
            windowStart: string;
        };
        /** iv_rank_request */
        PublicApiIvRankItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "iv_rank_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** iv_rank_request */
        PublicApiIvRankQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "iv_rank_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * levels
         * @description levels_request
         */
        PublicApiLevelsData: {
            /** @description The session's 5-minute candles of the underlying up to the snapshot, price points */
            candles: {
                close: number | null;
                high: number | null;
                low: number | null;
                open: number | null;
                /**
                 * Format: date-time
                 * @description Start of the 5-minute candle, ISO-8601 UTC
                 */
                t: string;
            }[];
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            /** @description The session's levels at each snapshot, oldest first, in price points (methodology §4.12): zero gamma, call wall, put wall over all expirations, 0DTE target and LIS */
            levels: {
                callWall: number | null;
                /** @description Lines in the sand: always a list */
                lis: number[];
                price: number | null;
                putWall: number | null;
                /**
                 * Format: date-time
                 * @description Snapshot time, ISO-8601 UTC
                 */
                t: string;
                target: number | null;
                zeroGamma: number | null;
            }[];
        };
        /** levels_request */
        PublicApiLevelsItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "levels_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** levels_request */
        PublicApiLevelsQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "levels_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * paradigm
         * @description paradigm_request
         */
        PublicApiParadigmData: {
            /**
             * Format: date-time
             * @description The same time as lastModified
             */
            "last-modified": string;
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            /** @description Lines in the sand: always a list (one level, a pair, or empty) */
            lis: number[];
            paradigm: string;
            target: number | null;
        };
        /** paradigm_request */
        PublicApiParadigmItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "paradigm_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** paradigm_request */
        PublicApiParadigmQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "paradigm_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * prints
         * @description prints_request (methodology §4.16)
         */
        PublicApiPrintsData: {
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            /** @description The 50 largest by premium, as volland-live-api-prints answers them */
            prints: {
                [key: string]: unknown;
            }[];
            /** @description The session's classified prints so far */
            total: number;
        };
        /** prints_request */
        PublicApiPrintsItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "prints_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** prints_request */
        PublicApiPrintsQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "prints_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * putcall
         * @description put_call_request: 5-minute buckets, contracts and $ (methodology §4.15)
         */
        PublicApiPutcallData: {
            bucketMinutes: number;
            current: {
                call: {
                    dealerPremium: number[];
                    premium: number[];
                    volume: number[];
                };
                put: {
                    dealerPremium: number[];
                    premium: number[];
                    volume: number[];
                };
                /** Format: date */
                session: string;
                times: string[];
                totals: {
                    [key: string]: number | null;
                };
            } | null;
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            previous: {
                call: {
                    dealerPremium: number[];
                    premium: number[];
                    volume: number[];
                };
                put: {
                    dealerPremium: number[];
                    premium: number[];
                    volume: number[];
                };
                /** Format: date */
                session: string;
                times: string[];
                totals: {
                    [key: string]: number | null;
                };
            } | null;
        };
        /** put_call_request */
        PublicApiPutCallItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "put_call_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** put_call_request */
        PublicApiPutCallQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "put_call_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** @description One item; the fields required depend on request_type */
        PublicApiRequestItem: components["schemas"]["PublicApiExposureItem"] | components["schemas"]["PublicApiTrendItem"] | components["schemas"]["PublicApiParadigmItem"] | components["schemas"]["PublicApiZerodteItem"] | components["schemas"]["PublicApiDerivedItem"] | components["schemas"]["PublicApiHeatmapItem"] | components["schemas"]["PublicApiLevelsItem"] | components["schemas"]["PublicApiVolumeOiItem"] | components["schemas"]["PublicApiPutCallItem"] | components["schemas"]["PublicApiPrintsItem"] | components["schemas"]["PublicApiTermStructureItem"] | components["schemas"]["PublicApiSkewItem"] | components["schemas"]["PublicApiIvRankItem"] | components["schemas"]["PublicApiScorecardItem"];
        PublicApiRequests: {
            /** @description 1 to 50 items; each served item costs 1 credit */
            requests: components["schemas"]["PublicApiRequestItem"][];
        };
        /**
         * scorecard
         * @description scorecard_request (methodology §4.21): touch, hold and paradigm-target rates with n and a 95 % Wilson interval, as of the plan's cut-off; simulated on the demo market
         */
        PublicApiScorecardData: {
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            asOf: string;
            confidence: number;
            firstSession: string | null;
            holdDistancePercent: number;
            lastSession: string | null;
            levels: {
                callWall: {
                    hold: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                    touch: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                };
                lis: {
                    hold: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                    touch: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                };
                paradigmTarget: {
                    high: number | null;
                    k: number;
                    low: number | null;
                    /** @description The sample size */
                    n: number;
                    rate: number | null;
                };
                putWall: {
                    hold: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                    touch: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                };
                target: {
                    hold: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                    touch: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                };
                zeroGamma: {
                    hold: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                    touch: {
                        high: number | null;
                        k: number;
                        low: number | null;
                        /** @description The sample size */
                        n: number;
                        rate: number | null;
                    };
                };
            };
            sessions: number;
            simulated: boolean;
        };
        /** scorecard_request */
        PublicApiScorecardItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "scorecard_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** scorecard_request */
        PublicApiScorecardQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "scorecard_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * skew
         * @description skew_request (methodology §4.18)
         */
        PublicApiSkewData: {
            atmIv: number | null;
            butterfly30: number | null;
            /** @description 25-delta risk reversal and butterfly (vol points) by expiration */
            byExpiration: {
                atmIv: number | null;
                butterfly: number | null;
                call25Iv: number | null;
                days: number;
                /** Format: date */
                expiration: string;
                put25Iv: number | null;
                riskReversal: number | null;
            }[];
            /** Format: date */
            expiration: string | null;
            forward: number | null;
            /** @description 30-day risk reversal and butterfly at each session close of 52 weeks */
            history: {
                butterfly: number | null;
                /** Format: date */
                date: string;
                riskReversal: number | null;
            }[];
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            riskReversal30: number | null;
            /** @description The smile of the expiration nearest to 30 days, by strike */
            smile: {
                delta: number | null;
                iv: number;
                logMoneyness: number;
                /** @enum {string} */
                side: "C" | "P";
                strike: number;
            }[];
            /** @description The unit of each figure, by field name */
            units: {
                [key: string]: components["schemas"]["PublicApiUnit"];
            };
        };
        /** skew_request */
        PublicApiSkewItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "skew_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** skew_request */
        PublicApiSkewQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "skew_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * term
         * @description term_structure_request (methodology §4.17)
         */
        PublicApiTermData: {
            iv30: number | null;
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            /** @description At-the-money IV per 1.00 by expiration, now, at the previous close and five sessions back */
            points: {
                atmIv: number | null;
                days: number;
                /** Format: date */
                expiration: string;
                forward: number | null;
                previousClose: number | null;
                weekAgo: number | null;
            }[];
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            previousCloseAt: string | null;
            /** @description The unit of each figure, by field name */
            units: {
                [key: string]: components["schemas"]["PublicApiUnit"];
            };
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            weekAgoAt: string | null;
        };
        /** term_structure_request */
        PublicApiTermStructureItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "term_structure_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** term_structure_request */
        PublicApiTermStructureQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "term_structure_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * trend
         * @description trend_request
         */
        PublicApiTrendData: {
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            /** @description Daily aggregate over the last 180 days */
            trend: {
                /** Format: date */
                x: string;
                y: number | null;
            }[];
            unit: components["schemas"]["PublicApiUnit"];
        };
        /** trend_request */
        PublicApiTrendItem: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "trend_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** trend_request */
        PublicApiTrendQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "trend_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** @description The figure's unit and common conversions (methodology §3.1) */
        PublicApiUnit: {
            conversions: {
                factor: number | null;
                rule: string;
                to: string;
            }[];
            unit: string;
        };
        /**
         * volumeoi
         * @description volume_oi_request: contracts per strike (methodology §4.14)
         */
        PublicApiVolumeoiData: {
            callOpenInterest: number[];
            callOpenInterestChange: (number | null)[];
            callVolume: number[];
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            /** Format: date-time */
            previousSnapshot: string | null;
            putOpenInterest: number[];
            putOpenInterestChange: (number | null)[];
            putVolume: number[];
            /** @description Strikes within 10 % of the price */
            strikes: number[];
        };
        /** volume_oi_request */
        PublicApiVolumeOiItem: {
            /**
             * @description ["*"] for every expiration, or expiration dates written yyyy-mm-dd
             * @example [
             *       "*"
             *     ]
             */
            expirations: "*"[] | string[];
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "volume_oi_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** volume_oi_request */
        PublicApiVolumeOiQuery: {
            /**
             * @description * for every expiration, or comma-separated yyyy-mm-dd dates
             * @example *
             */
            expirations: string;
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "volume_oi_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /**
         * zerodte
         * @description zerodte_request
         */
        PublicApiZerodteData: {
            dealer_premium: number | null;
            /**
             * Format: date-time
             * @description Snapshot time, ISO-8601 UTC
             */
            lastModified: string;
            /** @description 0DTE contracts traded today */
            option_volume: number | null;
            units: {
                dealer_premium: components["schemas"]["PublicApiUnit"];
                zerodte_agg_charm: components["schemas"]["PublicApiUnit"];
            };
            /** @description Aggregate 0DTE charm, rounded to a whole number of its unit */
            zerodte_agg_charm: number | null;
        };
        /** zerodte_request */
        PublicApiZerodteItem: {
            /**
             * @example gamma
             * @enum {string|null}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag" | null;
            /** @enum {string} */
            request_type: "zerodte_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        /** zerodte_request */
        PublicApiZerodteQuery: {
            /**
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            request_type: "zerodte_request";
            /**
             * @description Underlying symbol (uppercase), one the store carries (x-supported-tickers)
             * @example SPX
             */
            ticker: string;
        };
        PublishResult: {
            published: components["schemas"]["Section"][];
        };
        Question: {
            answers: components["schemas"]["Answer"][];
            /** @description Admins, or a learner after answering */
            explanation?: string;
            id: number;
            lessonId: number;
            order: number;
            points: number;
            text: string;
            /** @description The learner's answer, if any */
            userAnswerId?: number | null;
        };
        QuestionCreate: {
            /** @description 2 to 8 answers, exactly one of them with isCorrect true (a rule across the items) */
            answers: components["schemas"]["AnswerInput"][];
            /** @default  */
            explanation?: string;
            lessonId: number;
            /** @default 1 */
            points?: number;
            text: string;
        };
        QuestionUpdate: {
            /** @description 2 to 8 answers, exactly one of them with isCorrect true (a rule across the items) */
            answers?: components["schemas"]["AnswerInput"][];
            explanation?: string;
            order?: number;
            points?: number;
            text?: string;
        };
        Rate: {
            /** @description 95 % Wilson interval, high */
            high: number | null;
            /** @description Sessions with the outcome */
            k: number;
            /** @description 95 % Wilson interval, low */
            low: number | null;
            /** @description Sessions counted (the sample size) */
            n: number;
            /** @description k / n (null when n is 0) */
            rate: number | null;
        };
        Refresh: {
            refreshToken: string;
        };
        ResetPassword: {
            password: string;
            token: string;
        };
        Rule: {
            channels: string[];
            /** Format: date-time */
            createdAt: string;
            id: number;
            isPaused: boolean;
            kind: string;
            name: string;
            params: {
                [key: string]: unknown;
            };
            ticker: string;
            /** Format: date-time */
            updatedAt: string;
            /**
             * Format: date-time
             * @description Set when repeated failures switched it off
             */
            webhookDisabledAt: string | null;
            /** @description Signs the webhook bodies (HMAC-SHA256) */
            webhookSecret: string;
            webhookUrl: string | null;
        };
        RuleCreate: {
            channels?: ("app" | "email" | "webhook")[];
            /** @default false */
            isPaused?: boolean;
            /** @enum {string} */
            kind: "level_cross" | "price_cross" | "paradigm_change" | "wall_move" | "greek_threshold" | "vol_event";
            /**
             * @description Optional label; surrounding spaces are removed
             * @default
             */
            name?: string;
            /** @description The kind's parameters (docs/methodology.md §4.20): level_cross {level, direction, band}, price_cross {price, direction, band}, paradigm_change {to}, wall_move {wall, strikes}, greek_threshold {greek, threshold, direction, band}, vol_event {points, direction}. */
            params?: {
                [key: string]: unknown;
            };
            /**
             * @description Underlying symbol in the universe
             * @example SPX
             */
            ticker: string;
            /**
             * @description Required with the webhook channel: https (http only to loopback in development), never a private address
             * @default null
             */
            webhookUrl?: string | null;
        };
        RuleList: {
            /** @description Rules this plan may keep (paused ones count) */
            limit: number;
            rules: components["schemas"]["Rule"][];
            tier: string | null;
        };
        RuleUpdate: {
            channels?: ("app" | "email" | "webhook")[];
            isPaused?: boolean;
            /** @enum {string} */
            kind?: "level_cross" | "price_cross" | "paradigm_change" | "wall_move" | "greek_threshold" | "vol_event";
            /** @description Optional label; surrounding spaces are removed */
            name?: string;
            params?: {
                [key: string]: unknown;
            };
            /**
             * @description Underlying symbol in the universe
             * @example SPX
             */
            ticker?: string;
            webhookUrl?: string | null;
        };
        ScatterAnswer: {
            currentPoint: components["schemas"]["XY"] | null;
            currentRatio: number | null;
            /** @description VIX points at a 0 % move (OLS) */
            intercept: number | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            rValue: number | null;
            scatterPoints: components["schemas"]["ScatterPoint"][];
            /** @description VIX points per 1 % move (OLS) */
            slope: number | null;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
        };
        ScatterPoint: {
            date: string;
            x: number;
            y: number;
        };
        Scorecard: {
            asOf: string;
            confidence: number;
            firstSession: string | null;
            holdDistancePercent: number;
            lastSession: string | null;
            levels: components["schemas"]["ScorecardLevels"];
            sessions: number;
            /** @description True on the synthetic demo market */
            simulated: boolean;
            source: string;
            ticker: string;
        };
        ScorecardLevels: {
            callWall: components["schemas"]["LevelRecord"];
            lis: components["schemas"]["LevelRecord"];
            paradigmTarget: components["schemas"]["Rate"];
            putWall: components["schemas"]["LevelRecord"];
            target: components["schemas"]["LevelRecord"];
            zeroGamma: components["schemas"]["LevelRecord"];
        };
        ScreenerAnswer: {
            /** @enum {string} */
            flag: "diff" | "mag" | "norm";
            /** @enum {string} */
            greek: "delta" | "gamma" | "theta" | "vanna" | "vega" | "price";
            /** @description Close of the session whose daily rows are ranked (ISO-8601 UTC): the as-of time */
            lastModified: string | null;
            /** @enum {integer} */
            length: 10 | 25 | 50 | 100;
            /**
             * @example [
             *       "NVDA:1.254",
             *       "TSLA:0.981"
             *     ]
             */
            results: string[];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /** @enum {string} */
            superlative: "least" | "greatest";
            /** @enum {string} */
            timeFrame: "day" | "week" | "month" | "three_months" | "year";
        };
        ScreenerBody: {
            /**
             * @description diff (Differences), mag (Magnitude) or norm (Relative Change)
             * @default norm
             * @example norm
             * @enum {string}
             */
            flag?: "diff" | "mag" | "norm";
            /**
             * @description delta, gamma, theta, vanna, vega or price
             * @default gamma
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "theta" | "vanna" | "vega" | "price";
            /**
             * @description Number of tickers: 10, 25, 50 or 100
             * @default 25
             * @example 25
             * @enum {integer}
             */
            length?: 10 | 25 | 50 | 100;
            stockPriceRange?: components["schemas"]["PriceRange"];
            /**
             * @description least or greatest absolute change
             * @default least
             * @example least
             * @enum {string}
             */
            superlative?: "least" | "greatest";
            /**
             * @description Former name of timeFrame (timeFrame wins when both are sent)
             * @enum {string}
             */
            time_frame?: "day" | "week" | "month" | "three_months" | "year";
            /**
             * @description day, week, month, three_months (default) or year
             * @example three_months
             * @enum {string}
             */
            timeFrame?: "day" | "week" | "month" | "three_months" | "year";
        };
        ScreenerConfig: {
            /**
             * @description diff (Differences), mag (Magnitude) or norm (Relative Change)
             * @default norm
             * @example norm
             * @enum {string}
             */
            flag?: "diff" | "mag" | "norm";
            /**
             * @description delta, gamma, theta, vanna, vega or price
             * @default gamma
             * @example gamma
             * @enum {string}
             */
            greek?: "delta" | "gamma" | "theta" | "vanna" | "vega" | "price";
            /**
             * @description Number of tickers: 10, 25, 50 or 100
             * @default 25
             * @example 25
             * @enum {integer}
             */
            length?: 10 | 25 | 50 | 100;
            stockPriceRange?: components["schemas"]["PriceRange"];
            /**
             * @description least or greatest absolute change
             * @default least
             * @example least
             * @enum {string}
             */
            superlative?: "least" | "greatest";
            /**
             * @default three_months
             * @enum {string}
             */
            timeFrame?: "day" | "week" | "month" | "three_months" | "year";
        };
        Section: {
            description: string;
            id: number;
            lessonsCount: number;
            order: number;
            /** Format: date-time */
            publishedAt: string | null;
            /** @enum {string} */
            status: "DRAFT" | "PUBLISHED" | "ARCHIVED";
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        SectionCreate: {
            /** @default  */
            description?: string;
            title: string;
        };
        SectionUpdate: {
            description?: string;
            order?: number;
            /** @enum {string} */
            status?: "DRAFT" | "PUBLISHED" | "ARCHIVED";
            title?: string;
        };
        Signup: {
            /** Format: email */
            email: string;
            firstName: string;
            /**
             * @description Join the newsletter list
             * @default false
             */
            newsletter?: boolean;
            password: string;
            /**
             * @description Referral code captured from fp_ref, if any
             * @default null
             */
            referral?: string | null;
        };
        SiteConfig: {
            links: components["schemas"]["Links"];
            /** @description The footer's partner sites, in slot order (VOLLAND_LINK_PARTNER, VOLLAND_LINK_PARTNER_SECOND); at most two, unconfigured slots left out */
            partners: components["schemas"]["Partner"][];
            release: string;
            /** @description Public browser error-reporting DSN (VOLLAND_SENTRY_BROWSER_DSN), null when not configured */
            sentryDsn: string | null;
            sentryEnvironment: string;
        };
        SkewAnswer: {
            /** @description The drawn expiration's at-the-money IV, per 1.00 */
            atmIv: number | null;
            /** @description 30-day constant-maturity butterfly now, vol points */
            butterfly30: number | null;
            byExpiration: components["schemas"]["SkewRow"][];
            currentPrice: number | null;
            /**
             * Format: date
             * @description The expiration whose smile is drawn
             */
            expiration: string | null;
            /** @description Every listed expiration */
            expirations: string[];
            /** @description The drawn expiration's forward, price points */
            forward: number | null;
            /** @description One row per published session close of the 52 weeks before the snapshot's session, oldest first */
            history: components["schemas"]["SkewHistoryRow"][];
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description 30-day constant-maturity risk reversal now, vol points */
            riskReversal30: number | null;
            /** @description The drawn expiration's out-of-the-money IVs by strike, ascending */
            smile: components["schemas"]["SmilePoint"][];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            ticker: string;
            /** @description unit of each figure of the answer, by field name */
            units: {
                [key: string]: components["schemas"]["Unit"];
            };
        };
        SkewConfig: {
            /**
             * @description The smile's x axis: strike or delta
             * @default strike
             * @enum {string}
             */
            axis?: "strike" | "delta";
            /** @description Calculation date; set only for historical widgets */
            date?: string | null;
            /**
             * @description The expiration whose smile is drawn (yyyy-MM-dd); absent or null = the one nearest to 30 days (methodology §4.18)
             * @default null
             */
            expiration?: string | null;
            /**
             * @description Underlying symbol
             * @example SPX
             */
            ticker: string;
        };
        SkewHistoryRow: {
            /** @description 30-day constant-maturity 25-delta butterfly at that session's close, vol points */
            butterfly: number | null;
            /**
             * Format: date
             * @description Session date yyyy-MM-dd
             */
            date: string;
            /** @description 30-day constant-maturity 25-delta risk reversal at that session's close, vol points */
            riskReversal: number | null;
        };
        SkewRow: {
            /** @description At-the-money IV, per 1.00 */
            atmIv: number | null;
            /** @description (call25Iv + put25Iv)/2 − atmIv, vol points */
            butterfly: number | null;
            /** @description 25-delta call IV, per 1.00 */
            call25Iv: number | null;
            /** @description Calendar days to the expiration */
            days: number;
            /**
             * Format: date
             * @description Expiration date yyyy-MM-dd
             */
            expiration: string;
            /** @description 25-delta put IV, per 1.00 */
            put25Iv: number | null;
            /** @description call25Iv − put25Iv, vol points */
            riskReversal: number | null;
        };
        SmilePoint: {
            /** @description The out-of-the-money contract's delta at its IV (calls 0…1, puts −1…0) */
            delta: number | null;
            /** @description The out-of-the-money contract's IV, per 1.00 */
            iv: number;
            /** @description ln(strike / forward) */
            logMoneyness: number;
            /** @description C (call, strike ≥ forward) or P (put) */
            side: string;
            strike: number;
        };
        SourceFreshness: {
            /** @description The scheduled source (VOLLAND_SOURCE) */
            configured: boolean;
            /** @description Source delay in seconds, null for historical files */
            delaySeconds: number | null;
            label: string;
            /** @description Latest snapshot time of those tickers, ISO UTC */
            lastPublished: string | null;
            source: string;
            /** @description Tickers whose latest publish came from it */
            tickers: number;
        };
        StatsAnswer: {
            currentOpenTrades: number;
            numberTickers: number;
            totalTrades: number;
        };
        StrikeListAnswer: {
            currentPrice: number | null;
            /** @enum {string} */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            kind: "both" | "call" | "put";
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            levels: components["schemas"]["Levels"];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            strikes: components["schemas"]["StrikeValue"][];
            unit: components["schemas"]["Unit"];
        };
        StrikeRange: {
            /** @description highest strike drawn: the session's highest price plus the range */
            high: number | null;
            /** @description lowest strike drawn: the session's lowest price less the range */
            low: number | null;
            /** @description the request's range, in percent */
            percent: number;
        };
        StrikeValue: {
            strike: number;
            value: number;
        };
        Subscription: {
            /** @description Payment-provider product id */
            id: string;
            /** @description Tier id (live, 30, 3, basic) */
            name: string;
        };
        SummaryAnswer: {
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            notionalVolume: number | null;
            previousClose: number | null;
            previousVix: number | null;
            price: number | null;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /** @description unit of each figure of the answer, by field name */
            units: {
                [key: string]: components["schemas"]["Unit"];
            };
            vannaStochastic: number | null;
            vix: number | null;
        };
        SurfaceAnswer: {
            currentPrice: number | null;
            expirations: string[];
            /** @enum {string} */
            greek: "iv" | "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /** @enum {string} */
            kind: "both" | "call" | "put";
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            strikes: number[];
            unit: components["schemas"]["Unit"];
            z: (number | null)[][];
        };
        SurfaceBody: {
            /**
             * @description Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now
             * @example 2026-01-02 15:05
             */
            date?: string | null;
            /**
             * @description iv (default) or a greek
             * @default iv
             * @example iv
             * @enum {string}
             */
            greek?: "iv" | "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            /**
             * @description Calls and puts (both, the default), calls only or puts only
             * @default both
             * @example both
             * @enum {string}
             */
            kind?: "both" | "call" | "put";
            /**
             * @description Underlying symbol in the universe
             * @example SPX
             */
            ticker: string;
        };
        TapeAnswer: {
            /** @description the expirations kept; null: all */
            expirations: string[] | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            page: number;
            pageSize: number;
            prints: components["schemas"]["TapePrint"][];
            session: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            ticker: string;
            /** @description prints passing the filters */
            total: number;
        };
        TapePrint: {
            /** @description NBBO ask at the print, $ per share */
            ask: number | null;
            /** @description NBBO bid at the print, $ per share */
            bid: number | null;
            /** @enum {string} */
            condition: "single" | "spread" | "complex";
            /**
             * @description the customer bought or sold; null: unclassified
             * @enum {string|null}
             */
            customerSide: "buy" | "sell" | null;
            /** @enum {string|null} */
            dealerSide: "buy" | "sell" | null;
            expiration: string;
            /** @enum {string} */
            legs: "single" | "multi";
            /** @description the order's id, shared by the legs of one multi-leg order (text: ids exceed the integers a JSON number carries exactly) */
            packageId: string | null;
            /** @description price·size·100, $ */
            premium: number;
            /** @description $ per share */
            price: number;
            /** @enum {string} */
            right: "C" | "P";
            /** @description contracts */
            size: number;
            strike: number;
            /** @description time of the print (ISO-8601 UTC) */
            ts: string;
        };
        TermPoint: {
            /** @description At-the-money IV on forward moneyness (methodology §4.17), per 1.00 */
            atmIv: number | null;
            /** @description Calendar days from the snapshot's New York date to the expiration */
            days: number;
            /**
             * Format: date
             * @description Expiration date yyyy-MM-dd
             */
            expiration: string;
            /** @description Forward S·e^((r−q)t), price points */
            forward: number | null;
            /** @description The same expiration's at-the-money IV at the previous session's close, per 1.00 */
            previousClose: number | null;
            /** @description The same expiration's at-the-money IV at the close five sessions back, per 1.00 */
            weekAgo: number | null;
        };
        TermStructureAnswer: {
            currentPrice: number | null;
            /** @description 30-day constant-maturity at-the-money IV (methodology §4.19), per 1.00 */
            iv30: number | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description One point per expiration of the snapshot, ascending */
            points: components["schemas"]["TermPoint"][];
            /** @description Time of the previous close snapshot (ISO-8601 UTC) */
            previousCloseAt: string | null;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            ticker: string;
            /** @description unit of each figure of the answer, by field name */
            units: {
                [key: string]: components["schemas"]["Unit"];
            };
            /** @description Time of the close five sessions back (ISO-8601 UTC) */
            weekAgoAt: string | null;
        };
        TickerConfig: {
            /** @description Calculation date; set only for historical widgets */
            date?: string | null;
            /**
             * @description Underlying symbol
             * @example SPX
             */
            ticker: string;
        };
        TickersAnswer: {
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            tickers: string[];
        };
        TimesAnswer: {
            available_time: string[];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
        };
        TokenPair: {
            accessToken: string;
            /** @description Access token lifetime, seconds */
            expiresIn: number;
            refreshToken: string;
            /** @example Bearer */
            tokenType: string;
        };
        TrendAnswer: {
            currentAggregate: number | null;
            /** @enum {string} */
            greek: "delta" | "gamma" | "vanna" | "charm" | "vega" | "theta" | "vomma" | "rho" | "dag";
            historicalAverage: number | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description The last trend date (YYYY-MM-DD) that is modelled back-history rather than a computed session (the demo's daily aggregates before its first published snapshot, methodology §4.8); null when every trend point is computed. */
            modelledThrough: string | null;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            trend: components["schemas"]["TrendPoint"][];
            unit: components["schemas"]["Unit"];
        };
        TrendPoint: {
            x: string;
            y: number;
        };
        Unit: {
            conversions: components["schemas"]["UnitConversion"][];
            /** @description unit of every figure of this greek in the answer (docs/methodology.md §3.1) */
            unit: string;
        };
        UnitConversion: {
            /** @description multiply the served figure by this to get it in `to` (evaluated at currentPrice) */
            factor: number | null;
            /** @description the factor as a formula of spot S */
            rule: string;
            /** @description the other convention */
            to: string;
        };
        Url: {
            url: string;
        };
        User: {
            /** @description The user's alert rules that are not paused (the app follows the alert stream when > 0) */
            activeAlertRules: number;
            /** @description Public data API credits left */
            apiCredits: number;
            apiSubscriptions: components["schemas"]["ApiSubscription"][];
            /**
             * @description How the app writes clock times: 24h (13:05) or 12h (1:05 PM)
             * @enum {string}
             */
            clock: "24h" | "12h";
            /** Format: date-time */
            createdAt: string;
            email: string;
            firstName: string;
            /** @description False for Google-only accounts */
            hasPassword: boolean;
            id: number;
            /** @example Volland Live */
            planName: string | null;
            /** @description Referral code (fp_ref) the account signed up with */
            referral: string | null;
            /**
             * @example [
             *       "User"
             *     ]
             */
            roles: string[];
            subscriptions: components["schemas"]["Subscription"][];
            /**
             * @description Best active tier, or null without a subscription
             * @enum {string|null}
             */
            tier: "live" | "30" | "3" | "basic" | null;
        };
        UserAnswerInput: {
            answerId: number;
            /** @description The question id of the path, repeated */
            questionId: number;
        };
        UsersPage: {
            items: components["schemas"]["AdminUser"][];
            page: number;
            pageSize: number;
            total: number;
        };
        /** @description Fields left out stay as they are; newPassword needs currentPassword */
        UserUpdate: {
            /**
             * @description How the app writes clock times: 24h or 12h
             * @enum {string}
             */
            clock?: "24h" | "12h";
            currentPassword?: string;
            firstName?: string;
            newPassword?: string;
        };
        VolumeOiAnswer: {
            /** @description open interest of calls at the start of the day per strike, contracts */
            callOpenInterest: number[];
            /** @description callOpenInterest less the same at the previous session's last snapshot; null where that snapshot listed no contract at the strike */
            callOpenInterestChange: (number | null)[];
            /** @description contracts of calls traded today per strike (cumulative to the snapshot) */
            callVolume: number[];
            currentPrice: number | null;
            /** @description the expirations summed */
            expirations: string[];
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description the snapshot the change is taken against (ISO-8601 UTC); null: no earlier session */
            previousSnapshot: string | null;
            /** @description open interest of puts at the start of the day per strike, contracts */
            putOpenInterest: number[];
            /** @description putOpenInterest less the same at the previous session's last snapshot */
            putOpenInterestChange: (number | null)[];
            /** @description contracts of puts traded today per strike */
            putVolume: number[];
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            /** @description percent, low and high: the underlying price less and plus the range */
            strikeRange: components["schemas"]["StrikeRange"];
            /** @description strikes within the range, ascending */
            strikes: number[];
            ticker: string;
            totals: components["schemas"]["VolumeOiTotals"];
        };
        VolumeOiTotals: {
            /** @description start-of-day open interest, calls, contracts */
            callOpenInterest: number;
            /** @description contracts traded today, calls of the drawn strikes */
            callVolume: number;
            /** @description putOpenInterest / callOpenInterest (null when callOpenInterest is 0) */
            openInterestRatio: number | null;
            /** @description start-of-day open interest, puts, contracts */
            putOpenInterest: number;
            /** @description contracts traded today, puts of the drawn strikes */
            putVolume: number;
            /** @description putVolume / callVolume (null when callVolume is 0) */
            volumeRatio: number | null;
        };
        WatchlistConfig: {
            /** @description Calculation date; set only for historical widgets */
            date?: string | null;
            tickers: string[];
        };
        WebhookReceipt: {
            /** @description The event was already processed */
            duplicate: boolean;
            received: boolean;
        };
        Widget: {
            configuration?: {
                [key: string]: unknown;
            } | null;
            /** @default null */
            group?: components["schemas"]["Group"] | (null);
            /** @description Kept on update; new widgets get a server id */
            id?: string;
            /** @default null */
            name?: string | null;
            position: components["schemas"]["Position"];
            /** @enum {string} */
            size: "S" | "M" | "L";
            /** @enum {string} */
            type: "CHART" | "WATCHLIST" | "TICKER" | "CALENDAR" | "NEWS" | "AGGREGATE" | "SHADOW" | "INTRO" | "ZERODTE" | "DEALER_PREMIUM" | "LIQUIDITY" | "SCREENER" | "PUT_CALL" | "PRINTS" | "TERM_STRUCTURE" | "SKEW" | "IV_RANK";
        } & ({
            configuration: components["schemas"]["ChartConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "CHART";
        } | {
            configuration: components["schemas"]["ChartConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "CHART";
        } | {
            configuration: components["schemas"]["ChartConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "CHART";
        } | {
            configuration: components["schemas"]["WatchlistConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "WATCHLIST";
        } | {
            configuration: components["schemas"]["WatchlistConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "WATCHLIST";
        } | {
            configuration: components["schemas"]["WatchlistConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "WATCHLIST";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "TICKER";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "TICKER";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "TICKER";
        } | {
            /** @description Free configuration, at most 16384 bytes as JSON */
            configuration?: Record<string, never> | null;
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "CALENDAR";
        } | {
            /** @description Free configuration, at most 16384 bytes as JSON */
            configuration?: Record<string, never> | null;
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "CALENDAR";
        } | {
            /** @description Free configuration, at most 16384 bytes as JSON */
            configuration?: Record<string, never> | null;
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "NEWS";
        } | {
            configuration: components["schemas"]["AggregateConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "AGGREGATE";
        } | {
            /** @description Free configuration, at most 16384 bytes as JSON */
            configuration?: Record<string, never> | null;
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "SHADOW";
        } | {
            /** @description Free configuration, at most 16384 bytes as JSON */
            configuration?: Record<string, never> | null;
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "SHADOW";
        } | {
            /** @description Free configuration, at most 16384 bytes as JSON */
            configuration?: Record<string, never> | null;
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "SHADOW";
        } | {
            /** @description Free configuration, at most 16384 bytes as JSON */
            configuration?: Record<string, never> | null;
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "INTRO";
        } | {
            /** @description Free configuration, at most 16384 bytes as JSON */
            configuration?: Record<string, never> | null;
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "INTRO";
        } | {
            /** @description Free configuration, at most 16384 bytes as JSON */
            configuration?: Record<string, never> | null;
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "INTRO";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "ZERODTE";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "DEALER_PREMIUM";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "LIQUIDITY";
        } | {
            configuration: components["schemas"]["ScreenerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "SCREENER";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "PUT_CALL";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "PUT_CALL";
        } | {
            configuration: components["schemas"]["PrintsConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "PRINTS";
        } | {
            configuration: components["schemas"]["PrintsConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "PRINTS";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "TERM_STRUCTURE";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "TERM_STRUCTURE";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "TERM_STRUCTURE";
        } | {
            configuration: components["schemas"]["SkewConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "SKEW";
        } | {
            configuration: components["schemas"]["SkewConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "SKEW";
        } | {
            configuration: components["schemas"]["SkewConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "SKEW";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "S";
            /** @enum {unknown} */
            type: "IV_RANK";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "M";
            /** @enum {unknown} */
            type: "IV_RANK";
        } | {
            configuration: components["schemas"]["TickerConfig"];
            position: {
                x?: number;
            };
            /** @enum {unknown} */
            size: "L";
            /** @enum {unknown} */
            type: "IV_RANK";
        });
        WidgetOut: {
            configuration: {
                [key: string]: unknown;
            };
            group?: (null) | components["schemas"]["Group"];
            id: string;
            name: string | null;
            position: components["schemas"]["Position"];
            /** @enum {string} */
            size: "S" | "M" | "L";
            /** @enum {string} */
            type: "CHART" | "WATCHLIST" | "TICKER" | "CALENDAR" | "NEWS" | "AGGREGATE" | "SHADOW" | "INTRO" | "ZERODTE" | "DEALER_PREMIUM" | "LIQUIDITY" | "SCREENER" | "PUT_CALL" | "PRINTS" | "TERM_STRUCTURE" | "SKEW" | "IV_RANK";
        };
        Workspace: {
            /** Format: date-time */
            createdAt: string;
            id: number;
            name: string;
            order: number;
            /** @enum {string} */
            state: "ACTIVE" | "INACTIVE";
            /** Format: date-time */
            updatedAt: string;
            widgets: components["schemas"]["WidgetOut"][];
        };
        WorkspaceCreate: {
            name: string;
            /** @description Defaults to after the last workspace */
            order?: number;
            /**
             * @default ACTIVE
             * @enum {string}
             */
            state?: "ACTIVE" | "INACTIVE";
            widgets?: components["schemas"]["Widget"][];
        };
        WorkspaceUpdate: {
            name?: string;
            order?: number;
            /** @enum {string} */
            state?: "ACTIVE" | "INACTIVE";
            /** @description Widget ids are unique within a workspace (a rule across the items) */
            widgets?: components["schemas"]["Widget"][];
        };
        XY: {
            x: number;
            y: number;
        };
        ZeroDteAnswer: {
            /** @description spot at the snapshot, the price target and LIS are measured from */
            currentPrice: number | null;
            /** @description Time of the snapshot (ISO-8601 UTC) */
            lastModified: string;
            /** @description one level, or [low, high] for BofA/SIDIAL paradigms; null when none */
            lis: (number | number[]) | null;
            /**
             * @description LIS: why the level is null, else null: after_close (the session has closed and today's 0DTE options have expired), no_expiration_today (the snapshot's session has no expiration of the ticker), no_charm_near_spot (paradigm Undefined: no 0DTE charm on one side of spot), range_paradigm (BOFA and SIDIAL have two LIS and no target), no_crossing_in_range (GEX/AG: aggregate 0DTE charm does not turn inside the scanned range); docs/methodology.md §4.5
             * @enum {string|null}
             */
            lisReason: "after_close" | "no_expiration_today" | "no_charm_near_spot" | "range_paradigm" | "no_crossing_in_range" | null;
            /** @description GEX, AG, BOFA or SIDIAL with -PURE, -TARGET, -LIS or -MESSY; Undefined; empty when the snapshot has no 0DTE options (docs/methodology.md §4.5) */
            paradigm: string;
            /** @description Id of the data source the numbers come from */
            source: string;
            /** @description Delay of that source in seconds (null when not known) */
            sourceDelay: number | null;
            target: number | null;
            /**
             * @description target: why the level is null, else null: after_close (the session has closed and today's 0DTE options have expired), no_expiration_today (the snapshot's session has no expiration of the ticker), no_charm_near_spot (paradigm Undefined: no 0DTE charm on one side of spot), range_paradigm (BOFA and SIDIAL have two LIS and no target), no_crossing_in_range (GEX/AG: aggregate 0DTE charm does not turn inside the scanned range); docs/methodology.md §4.5
             * @enum {string|null}
             */
            targetReason: "after_close" | "no_expiration_today" | "no_charm_near_spot" | "range_paradigm" | "no_crossing_in_range" | null;
            total_0dte_opt_vol: number | null;
            /** @description unit of each figure of the answer, by field name */
            units: {
                [key: string]: components["schemas"]["Unit"];
            };
            zerodte_agg_charm: number | null;
        };
    };
    responses: {
        /** @description Default error response */
        DEFAULT_ERROR: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unprocessable Entity */
        UNPROCESSABLE_ENTITY: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
