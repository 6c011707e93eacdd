import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useDataProvider, useNotify } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import { Schemas } from '../../schemas/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ErrorBody } from '../../dataProvider/httpClient.js';
import { PublicPage } from '../layout/PublicPage.js';

type Errors = Record<string, string[]>;

/** The body of a failed call (undefined when the server did not answer). */
const bodyOf = (error: unknown): ErrorBody | undefined => {
  const status = (error as { status?: number }).status;
  return status ? (error as { body?: ErrorBody }).body : undefined;
};

interface FieldSpec {
  name: string;
  label: string;
  type?: 'password' | 'email';
  autoComplete?: string;
  /** A check of a filled-in value before sending: the message to show under the field, if any. */
  check?: (value: string) => string | undefined;
}

/** The server's rule for the forgot-username address (schemas/forgotUsername.json), checked before sending. */
const forgotUsernameEmail = Schemas.forgotUsername.properties.Email;
const checkEmail = (value: string) =>
  new RegExp(forgotUsernameEmail.pattern).test(value.trim()) ? undefined : forgotUsernameEmail['x-messages'].pattern;

/**
 * A public form: every field required (marked, checked on submit, then each field's own check), server
 * ModelState under the fields, one message line above the button.
 */
function RecoveryForm({
  fields,
  initial = {},
  submitLabel,
  onSubmit,
  message,
  footer,
}: {
  fields: FieldSpec[];
  initial?: Record<string, string>;
  submitLabel: string;
  /** Answers field errors and a general message for the form to show. */
  onSubmit: (values: Record<string, string>) => Promise<{ errors?: Errors; message?: string } | void>;
  message?: ReactNode;
  footer?: ReactNode;
}) {
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    for (const field of fields) {
      const value = values[field.name] ?? '';
      const message = value.trim() ? field.check?.(value) : Texts.validation.required(field.label);
      if (message) found[field.name] = [message];
    }
    setErrors(found);
    setGeneral(undefined);
    if (Object.keys(found).length) return;
    setBusy(true);
    const result = await onSubmit(values);
    setBusy(false);
    const answered = result?.errors ?? {};
    setErrors(answered);
    // A reason for something that is no field here (a reset link's missing code) is said above the fields.
    const elsewhere = [...new Set(Object.entries(answered).flatMap(([name, messages]) => (fields.some((field) => field.name === name) ? [] : messages)))];
    setGeneral([result?.message, ...elsewhere].filter(Boolean).join(' ') || undefined);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <TextField
            key={field.name}
            name={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            autoFocus={index === 0 && !values[field.name]}
            value={values[field.name] ?? ''}
            onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name]?.join(' ')}
          />
        ))}
        {general && (
          <Alert severity="error" role="alert">
            {general}
          </Alert>
        )}
        {message}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {submitLabel}
        </Button>
        {footer ?? (
          <MuiLink component={Link} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
            Back to sign in
          </MuiLink>
        )}
      </Stack>
    </Box>
  );
}

/** /forgot-password: always the same note afterwards, whatever the answer. */
export function ForgotPasswordPage() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const [sent, setSent] = useState(false);
  return (
    <PublicPage title="Forgot password">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Enter your username and we will e-mail you a link to choose a new password.
      </Typography>
      <RecoveryForm
        fields={[{ name: 'Username', label: 'Username', autoComplete: 'username' }]}
        submitLabel="Send Password Reset Link"
        message={sent && <Alert severity="info">{Texts.account.forgotPasswordNote}</Alert>}
        onSubmit={async ({ Username }) => {
          await dataProvider.callOperation('account', 'forgotPassword', { Username: Username.trim() }).catch(() => undefined);
          setSent(true);
        }}
      />
    </PublicPage>
  );
}

/** /forgot-username: e-mails the usernames registered for an address. */
export function ForgotUsernamePage() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  return (
    <PublicPage title="Forgot username">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Enter your e-mail address and we will send you your username.
      </Typography>
      <RecoveryForm
        fields={[{ name: 'Email', label: 'Email', type: 'email', autoComplete: 'email', check: checkEmail }]}
        submitLabel="Send Username"
        onSubmit={async ({ Email }) => {
          try {
            await dataProvider.callOperation('account', 'forgotUsername', { Email: Email.trim() });
            notify(Texts.account.emailSent, { type: 'success' });
          } catch (error) {
            const body = bodyOf(error);
            return { errors: body?.ModelState, message: body?.ModelState ? undefined : (body?.Message ?? Texts.global.noResponse) };
          }
        }}
      />
    </PublicPage>
  );
}

/** What /change-password receives: the username after an expired sign-in, or a first-password code after confirmation. */
interface ChangePasswordState {
  username?: string;
  UserName?: string;
  Code?: string | null;
}

/**
 * /change-password: the expired-password change (old and new password), or — arriving from an e-mail
 * confirmation with a code — choosing the first password.
 */
export function ChangePasswordPage() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as ChangePasswordState;
  const userName = state.UserName ?? state.username ?? '';
  const firstPassword = Boolean(state.Code);

  if (firstPassword) {
    return (
      <PublicPage title="Choose your password">
        <Alert severity="success" sx={{ mb: 2 }}>
          {Texts.identity.recovery.emailConfirmed}
        </Alert>
        <RecoveryForm
          fields={[
            { name: 'Username', label: 'Username', autoComplete: 'username' },
            { name: 'Password', label: 'New Password', type: 'password', autoComplete: 'new-password' },
            { name: 'ConfirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
          ]}
          initial={{ Username: userName }}
          submitLabel="Save Password"
          onSubmit={async ({ Username, Password, ConfirmPassword }) => {
            try {
              await dataProvider.callOperation('account', 'resetPassword', { Username: Username.trim(), Password, ConfirmPassword, Code: state.Code! });
              notify(Texts.account.passwordChanged, { type: 'success' });
              navigate('/login', { replace: true });
            } catch (error) {
              const body = bodyOf(error);
              return { errors: body?.ModelState, message: body?.ModelState ? undefined : (body?.Message ?? Texts.account.unableToReset) };
            }
          }}
        />
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Change your password">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Your password has expired. Choose a new one to continue.
      </Typography>
      <RecoveryForm
        fields={[
          { name: 'UserName', label: 'Username', autoComplete: 'username' },
          { name: 'OldPassword', label: 'Old Password', type: 'password', autoComplete: 'current-password' },
          { name: 'NewPassword', label: 'New Password', type: 'password', autoComplete: 'new-password' },
          { name: 'ConfirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
        ]}
        initial={{ UserName: userName }}
        submitLabel="Change Password"
        onSubmit={async (values) => {
          try {
            await dataProvider.callOperation('account', 'expiredPassword', {
              UserName: values.UserName.trim(),
              OldPassword: values.OldPassword,
              NewPassword: values.NewPassword,
              ConfirmPassword: values.ConfirmPassword,
            });
            notify(Texts.account.passwordUpdated, { type: 'success' });
            navigate('/login', { replace: true });
          } catch (error) {
            const body = bodyOf(error);
            if (!body) return { message: Texts.account.invalidLogin };
            const { invalid_login: invalidLogin, ...fieldErrors } = body.ModelState ?? {};
            return { errors: fieldErrors, message: invalidLogin?.join(' ') ?? (body.ModelState ? undefined : body.Message) };
          }
        }}
      />
    </PublicPage>
  );
}

/** /reset-password?code=…: the code is the last value of the `code` query parameter. */
export function ResetPasswordPage() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.getAll('code').at(-1) ?? '';
  return (
    <PublicPage title="Reset your password">
      <RecoveryForm
        fields={[
          { name: 'Username', label: 'Username', autoComplete: 'username' },
          { name: 'Password', label: 'New Password', type: 'password', autoComplete: 'new-password' },
          { name: 'ConfirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
        ]}
        submitLabel="Reset Password"
        onSubmit={async ({ Username, Password, ConfirmPassword }) => {
          try {
            await dataProvider.callOperation('account', 'resetPassword', { Username: Username.trim(), Password, ConfirmPassword, Code: code });
            notify(Texts.account.passwordChanged, { type: 'success' });
            navigate('/login', { replace: true });
          } catch (error) {
            const body = bodyOf(error);
            if (!body) return { message: Texts.account.unableToReset };
            return { errors: body.ModelState, message: body.ModelState ? undefined : (body.Message ?? Texts.account.unableToReset) };
          }
        }}
      />
    </PublicPage>
  );
}

/** /confirm-email?userId=…&code=…: a spinner, then /change-password, or "Unable to confirm email". */
export function ConfirmEmailPage() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const userId = Number(params.get('userId'));
    const code = params.getAll('code').at(-1) ?? '';
    dataProvider
      .callOperation('account', 'confirmEmail', { UserId: userId, Code: code })
      .then((answer) => navigate('/change-password', { replace: true, state: { UserName: answer.UserName, Code: answer.Code } }))
      .catch(() => setFailed(true));
  }, [dataProvider, navigate, params]);
  return (
    <PublicPage title="Confirm your e-mail">
      {failed ? (
        <Stack spacing={2}>
          <Alert severity="error" role="alert">
            {Texts.account.unableToConfirm}
          </Alert>
          <MuiLink component={Link} to="/login" variant="body2">
            Back to sign in
          </MuiLink>
        </Stack>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label="Confirming" />
        </Box>
      )}
    </PublicPage>
  );
}
