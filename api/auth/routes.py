"""``/api/v1/auth/*``: sign-up, login (password or Google), refresh, logout, data token, password reset."""

from __future__ import annotations

from flask import current_app, g, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api.auth import schemas, service
from api.db import get_session
from api.extensions import client_address, limiter
from api.security import access_token_required, authenticate_access_token, issue_data_token
from api.errors import ApiError, ErrorSchema
from volland.settings import get_settings

blp = Blueprint("auth", __name__, url_prefix="/api/v1/auth", description="Sign-up, login, sessions and tokens")


def _email_key() -> str:
    body = request.get_json(silent=True)
    email = body.get("email") if isinstance(body, dict) else None
    return "email:" + schemas.email_key(email)


def _limit(config_key: str):
    return lambda: current_app.config[config_key]


def _override_requested(headers: dict) -> bool:
    return (headers.get("override") or "").strip() == schemas.SESSION_OVERRIDE_VALUE


@blp.route("/signup")
class Signup(MethodView):
    # Sign-up answers 409 for a registered e-mail (docs/security.md, "Sign-up and registered e-mails"):
    # the per-e-mail bucket bounds how fast anyone can probe one address, the per-address one how fast
    # one caller can probe many.
    decorators = [limiter.limit(_limit("SIGNUP_RATE_LIMIT"), key_func=client_address),
                  limiter.limit(_limit("SIGNUP_RATE_LIMIT"), key_func=_email_key)]

    @blp.arguments(schemas.SignupSchema)
    @blp.response(201, schemas.TokenPairSchema)
    @blp.alt_response(409, schema=ErrorSchema, description="E-mail already registered")
    def post(self, body):
        """Create an account and sign it in"""
        db = get_session()
        user = service.create_user(db, email=body["email"], password=body["password"],
                                   first_name=body["firstName"])
        user.referral = body.get("referral") or None
        if body.get("newsletter"):
            from api.newsletter.service import enlist

            enlist(db, user, source="sign-up")
        return service.start_session(db, user, override=False)


@blp.route("/login")
class Login(MethodView):
    decorators = [limiter.limit(_limit("LOGIN_RATE_LIMIT"), key_func=client_address),
                  limiter.limit(_limit("LOGIN_RATE_LIMIT"), key_func=_email_key)]

    @blp.arguments(schemas.LoginHeadersSchema, location="headers")
    @blp.arguments(schemas.LoginSchema)
    @blp.response(200, schemas.TokenPairSchema)
    @blp.alt_response(409, description="Session limit reached (send the session-override header to end the "
                                       "oldest session)")
    def post(self, headers, body):
        """Log in with e-mail and password"""
        db = get_session()
        user = service.authenticate(db, body["email"], body["password"])
        return service.start_session(db, user, override=_override_requested(headers))


@blp.route("/config")
class AuthConfig(MethodView):
    @blp.response(200, schemas.AuthConfigSchema)
    def get(self):
        """Sign-in options of this installation (the Google button shows only with a Google client id)"""
        return {"googleClientId": get_settings().google_client_id or None}


@blp.route("/login/google")
class GoogleLogin(MethodView):
    decorators = [limiter.limit(_limit("LOGIN_RATE_LIMIT"), key_func=client_address)]

    @blp.arguments(schemas.LoginHeadersSchema, location="headers")
    @blp.arguments(schemas.GoogleLoginSchema)
    @blp.response(200, schemas.TokenPairSchema)
    @blp.alt_response(503, description="Google sign-in is not configured on this installation")
    def post(self, headers, body):
        """Log in (or sign up) with a Google ID token"""
        db = get_session()
        claims = service.verify_google_id_token(body["idToken"])
        user = service.google_user(db, claims, body.get("referral"))
        return service.start_session(db, user, override=_override_requested(headers))


@blp.route("/refresh-token")
class RefreshToken(MethodView):
    @blp.arguments(schemas.RefreshSchema)
    @blp.response(200, schemas.TokenPairSchema)
    def post(self, body):
        """Rotate the refresh token: returns a new access token and refresh token"""
        return service.rotate_refresh_token(get_session(), body["refreshToken"])


@blp.route("/logout")
class Logout(MethodView):
    @blp.arguments(schemas.LogoutSchema, required=False)
    @blp.response(204)
    @blp.doc(security=[{"bearerAuth": []}, {}])
    def post(self, body):
        """End the current session (identified by the bearer access token or the refresh token)"""
        db = get_session()
        session_ids: set[str] = set()
        if request.headers.get("Authorization"):
            try:
                authenticate_access_token()
                session_ids.add(g.session_id)
            except ApiError:
                if not body.get("refreshToken"):
                    raise
        if body.get("refreshToken"):
            sid = service.session_for_refresh_token(db, body["refreshToken"])
            if sid is not None:
                session_ids.add(sid)
        if not session_ids:
            raise ApiError(401, "missing_token", "Send the access token or the refresh token of the session.")
        for sid in session_ids:
            service.revoke_session(db, sid, "logout")
        db.commit()


@blp.route("/generate-data-api-token")
class DataToken(MethodView):
    @access_token_required
    @blp.response(200, schemas.DataTokenSchema)
    def post(self):
        """Issue a short-lived data token for the /api/v1/data routes"""
        token = issue_data_token(g.user, g.session_id)
        return {"dataApiAccessToken": token, "expiresIn": current_app.config["DATA_TOKEN_MINUTES"] * 60}


@blp.route("/init-reset-password")
class InitResetPassword(MethodView):
    decorators = [limiter.limit(_limit("RESET_RATE_LIMIT"), key_func=client_address),
                  limiter.limit(_limit("RESET_RATE_LIMIT"), key_func=_email_key)]

    @blp.arguments(schemas.InitResetSchema)
    @blp.response(202, schemas.MessageSchema)
    def post(self, body):
        """E-mail a one-time password-reset link (same answer whether or not the address is registered)"""
        service.init_password_reset(current_app.config["DATABASE_URL"], body["email"])
        return {"message": "If an account exists for this address, a reset link is on its way."}


@blp.route("/reset-password")
class ResetPassword(MethodView):
    decorators = [limiter.limit(_limit("RESET_RATE_LIMIT"), key_func=client_address)]

    @blp.arguments(schemas.ResetPasswordSchema)
    @blp.response(200, schemas.MessageSchema)
    @blp.alt_response(400, schema=ErrorSchema, description="`invalid_reset_token`: the token is unknown, used or "
                                                           "expired")
    def post(self, body):
        """Set a new password with a reset token; ends every session of the account"""
        service.reset_password(get_session(), body["token"], body["password"])
        return {"message": "Your password has been changed. Please log in with the new password."}

